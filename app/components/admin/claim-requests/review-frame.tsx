/**
 * Where the Claim Requests screen shows the open review: a dialog with JavaScript, a panel above
 * the table without (a portal dialog needs a script).
 */
import { Link } from "react-router";
import type { ReviewMode } from "~/components/claims/claim-review";
import { Dialog } from "~/components/ui/dialog";
import type { OpenReview } from "./use-claim-review";

export function reviewTitle(mode: ReviewMode): string {
  return mode === "approve" ? "Approve Claim" : mode === "reject" ? "Reject Claim" : "Claim Request";
}

/** Without JavaScript: a panel above the table, closed by a link back to the list. */
export function ReviewPanel({
  title,
  closeHref,
  children,
}: {
  title: string;
  closeHref: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby="review-title"
      className="mt-5 rounded-lg border-2 border-brand-600 bg-white p-4"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 id="review-title" className="text-lg font-semibold">
          {title}
        </h2>
        <Link to={closeHref} className="text-sm font-medium text-brand-700 underline">
          Close
        </Link>
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** With JavaScript: a dialog, open while a review is. */
export function ReviewDialog({
  review,
  title,
  onClose,
  children,
}: {
  review: OpenReview | null;
  title: string;
  onClose: () => void;
  children: React.ReactNode;
}) {
  return (
    <Dialog
      open={Boolean(review)}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={title}
      description={review ? `${review.claim.businessName} · ${review.claim.registrationNumber}` : undefined}
      // Approve and Reject open at their top, where the one-listing warning is (decision 0254).
      contentKey={review ? `${review.claim.id}:${review.mode}` : undefined}
    >
      {children}
    </Dialog>
  );
}
