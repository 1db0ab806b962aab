/**
 * /admin/verifications: Pending Verifications, the review moderation queue (publish or reject). A
 * review from the business's own mailbox is marked, so the admin rejects it knowingly (decision 0261).
 */
import { Check, UserRoundX, X } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { AdminListItem } from "~/components/admin/list-item";
import {
  BulkConfirmPanel,
  BulkSelection,
  BulkToolbar,
  RowCheckbox,
} from "~/components/admin/list-kit/bulk-selection";
import { DownloadCsvLink } from "~/components/admin/list-kit/download-csv";
import { IntentButton } from "~/components/admin/row-actions";
import { EmptyState } from "~/components/enquiries/admin-parts";
import { Stars } from "~/components/enquiries/stars";
import { Badge } from "~/components/ui/badge";
import {
  listPendingReviews,
  moderateReview,
  type PendingReview,
} from "~/modules/reviews/moderate-review.server";
import { moderateReviews } from "~/modules/reviews/moderate-reviews.server";
import { FROM_OWNER_DETAIL, FROM_OWNER_LABEL } from "~/modules/reviews/own-business";
import { PendingReplies } from "~/components/admin/review-replies/pending-replies";
import { listPendingReplies, moderateReply } from "~/modules/reviews/moderate-reply.server";
import { bulkFromAdminList } from "~/web/admin-list.server";
import { countOf, type BulkActionTexts } from "~/web/bulk-selection";
import { getApp } from "~/web/context";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/verifications";
import { formatDateTime } from "~/platform/dates";
import { adminMeta } from "~/web/meta";

export const meta = () => adminMeta("Pending Verifications");

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const db = getApp(context).db;
  // Businesses' replies to reviews are moderated here too (decision 0604).
  const [reviews, replyQueue] = await Promise.all([listPendingReviews(db), listPendingReplies(db)]);
  return { ...reviews, replyQueue };
}

/** Publish or reject a business's reply to a review (decision 0604). */
async function moderateReplyAction(
  context: Route.ActionArgs["context"],
  url: URL,
  form: FormData,
  args: { decision: "publish" | "reject"; adminId: string },
) {
  const result = await moderateReply(getApp(context).db, {
    id: String(form.get("replyId") ?? ""),
    version: String(form.get("replyVersion") ?? ""),
    ...args,
  });
  if (result !== "moderated")
    return redirectWithToast(context, url.pathname, {
      title: "Error",
      description:
        result === "changed"
          ? "The business changed this reply after this page was loaded. Read it again before you decide."
          : "This reply has already been moderated",
      variant: "destructive",
    });
  return redirectWithToast(context, url.pathname, {
    title: args.decision === "publish" ? "Reply published" : "Reply rejected",
    description:
      args.decision === "publish"
        ? "It now shows under the review on the provider's profile."
        : "It will not be shown.",
    variant: "success",
  });
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const form = await request.formData();
  const decision = form.get("intent");
  if (decision === "publish-reply" || decision === "reject-reply")
    return moderateReplyAction(context, url, form, {
      decision: decision === "publish-reply" ? "publish" : "reject",
      adminId: admin.id,
    });
  if (decision === "publish-selected" || decision === "reject-selected")
    return bulkFromAdminList(context, form, url.pathname, {
      [decision]: {
        ...BULK[decision]!,
        run: async (ids) =>
          (
            await moderateReviews(getApp(context).db, {
              ids,
              decision: decision === "publish-selected" ? "publish" : "reject",
              adminId: admin.id,
            })
          ).changed,
      },
    });
  if (decision !== "publish" && decision !== "reject") {
    return redirectWithToast(context, url.pathname, {
      title: "Error",
      description: "Unknown action",
      variant: "destructive",
    });
  }
  const ok = await moderateReview(getApp(context).db, {
    id: String(form.get("id") ?? ""),
    decision,
    adminId: admin.id,
  });
  if (!ok)
    return redirectWithToast(context, url.pathname, {
      title: "Error",
      description: "This review has already been moderated",
      variant: "destructive",
    });
  return redirectWithToast(context, url.pathname, {
    title: decision === "publish" ? "Review published" : "Review rejected",
    description: decision === "publish" ? "It now shows on the provider's profile." : "It will not be shown.",
    variant: "success",
  });
}

/** The two decisions for the ticked reviews (decision 0806), one confirmation for the batch. */
const BULK: Record<string, BulkActionTexts> = {
  "publish-selected": {
    label: "Publish selected",
    question: (n) => `Publish ${countOf(n, "review", "reviews")}? They will show on the providers' profiles.`,
    confirm: "Publish",
    done: (n) => `${countOf(n, "review", "reviews")} published`,
  },
  "reject-selected": {
    label: "Reject selected",
    question: (n) => `Reject ${countOf(n, "review", "reviews")}? They will not be shown.`,
    confirm: "Reject",
    done: (n) => `${countOf(n, "review", "reviews")} rejected`,
    danger: true,
  },
};

/** The moderator's two decisions, each a button posting its intent with the review's id. */
const DECISIONS = [
  { intent: "publish", label: "Publish", Icon: Check, variant: undefined, className: undefined },
  { intent: "reject", label: "Reject", Icon: X, variant: "outline", className: "text-red-700" },
] as const;

export default function Verifications({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, total, replyQueue } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <AdminPage
      title="Pending Verifications"
      description={`Customer reviews waiting for a decision, oldest first (${total} pending), then businesses' replies to reviews (${replyQueue.total} pending). Only published ones appear on profiles.`}
      actions={<DownloadCsvLink href="/admin/verifications.csv" />}
    >
      <BulkSelection formId="bulk-reviews" pageIds={reviews.map((r) => r.id)}>
        <BulkConfirmPanel
          confirm={actionData && "bulkConfirm" in actionData ? actionData.bulkConfirm : null}
        />
        <BulkToolbar actions={BULK} noun={["review", "reviews"]} />
        {reviews.length === 0 ? (
          <EmptyState>No reviews waiting for verification</EmptyState>
        ) : (
          <ul className="space-y-3" aria-label="Pending reviews">
            {reviews.map((r) => (
              <AdminListItem
                key={r.id}
                testId="pending-review"
                heading={
                  <div className="flex items-start gap-3">
                    <span className="pt-1">
                      <RowCheckbox id={r.id} label={`Select review by ${r.reviewer_name}`} />
                    </span>
                    <div className="min-w-0">
                      <ReviewHeading review={r} />
                    </div>
                  </div>
                }
                actions={<ReviewDecisions review={r} busy={busy} />}
              >
                <Stars rating={r.rating} className="mt-2" />
                <p className="mt-2 text-sm leading-6 whitespace-pre-line text-slate-800">{r.review_text}</p>
              </AdminListItem>
            ))}
          </ul>
        )}
      </BulkSelection>
      <PendingReplies replies={replyQueue.replies} total={replyQueue.total} busy={busy} />
    </AdminPage>
  );
}

/** Publish and Reject, each a button posting its intent with the review's id. */
function ReviewDecisions({ review: r, busy }: { review: PendingReview; busy: boolean }) {
  return (
    <div className="flex gap-2">
      {DECISIONS.map(({ intent, label, Icon, variant, className }) => (
        <IntentButton
          key={intent}
          field="id"
          id={r.id}
          intent={intent}
          variant={variant}
          className={className}
          disabled={busy}
          aria-label={`${label} review by ${r.reviewer_name}`}
        >
          <Icon aria-hidden className="h-4 w-4" /> {label}
        </IntentButton>
      ))}
    </div>
  );
}

/** Who wrote the review, for which provider, and when. */
function ReviewHeading({ review: r }: { review: PendingReview }) {
  return (
    <>
      <h2 className="font-semibold break-words text-slate-900">
        {r.reviewer_name} <span className="font-normal text-slate-600">({r.reviewer_email})</span>
      </h2>
      <p className="mt-0.5 text-sm text-slate-700">
        for{" "}
        <Link
          to={`/provider/${encodeURIComponent(r.provider_id)}`}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          {r.business_name}
        </Link>{" "}
        <span className="font-mono text-xs text-slate-600">{r.provider_id}</span>
      </p>
      <p className="mt-0.5 text-xs text-slate-600">{formatDateTime(r.created_at, "short")}</p>
      {r.from_owner ? (
        <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1" data-testid="from-owner">
          <Badge tone="red">
            <UserRoundX aria-hidden className="size-3.5" /> {FROM_OWNER_LABEL}
          </Badge>
          <span className="text-xs text-slate-700">{FROM_OWNER_DETAIL[r.from_owner]}</span>
        </p>
      ) : null}
    </>
  );
}
