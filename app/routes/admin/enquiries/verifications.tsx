/** /admin/verifications: Pending Verifications, the review moderation queue (publish or reject). */
import { Check, X } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { EmptyState } from "~/components/enquiries/admin-parts";
import { Stars } from "~/components/enquiries/stars";
import { Button } from "~/components/ui/button";
import { listPendingReviews, moderateReview } from "~/modules/reviews/moderate-review.server";
import { getApp } from "~/web/context";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/verifications";
import { formatDateTime } from "~/platform/dates";
import { adminMeta } from "~/web/meta";

export const meta = () => adminMeta("Pending Verifications");

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  return listPendingReviews(getApp(context).db);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const form = await request.formData();
  const decision = form.get("intent");
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

export default function Verifications({ loaderData }: Route.ComponentProps) {
  const { reviews, total } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <AdminPage
      title="Pending Verifications"
      description={`Customer reviews waiting for a decision, oldest first (${total} pending). Only published reviews appear on profiles.`}
    >
      {reviews.length === 0 ? (
        <EmptyState>No reviews waiting for verification</EmptyState>
      ) : (
        <ul className="space-y-3" aria-label="Pending reviews">
          {reviews.map((r) => (
            <li
              key={r.id}
              className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
              data-testid="pending-review"
            >
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <h2 className="font-semibold text-slate-900">
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
                </div>
                <div className="flex gap-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={r.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="publish"
                      size="sm"
                      disabled={busy}
                      aria-label={`Publish review by ${r.reviewer_name}`}
                    >
                      <Check aria-hidden className="h-4 w-4" /> Publish
                    </Button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="id" value={r.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value="reject"
                      size="sm"
                      variant="outline"
                      className="text-red-700"
                      disabled={busy}
                      aria-label={`Reject review by ${r.reviewer_name}`}
                    >
                      <X aria-hidden className="h-4 w-4" /> Reject
                    </Button>
                  </Form>
                </div>
              </div>
              <Stars rating={r.rating} className="mt-2" />
              <p className="mt-2 text-sm leading-6 whitespace-pre-line text-slate-800">{r.review_text}</p>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
