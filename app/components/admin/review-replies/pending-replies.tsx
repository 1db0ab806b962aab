/**
 * Replies from businesses waiting for moderation, below the pending reviews at
 * /admin/verifications (decision 0604): the reply, the review it answers, Publish and Reject.
 */
import { Check, X } from "lucide-react";
import { Link } from "react-router";
import { AdminListItem } from "~/components/admin/list-item";
import { IntentButton } from "~/components/admin/row-actions";
import { EmptyState } from "~/components/enquiries/admin-parts";
import { Stars } from "~/components/enquiries/stars";
import type { PendingReply } from "~/modules/reviews/moderate-reply.server";
import { formatDateTime } from "~/platform/dates";

export function PendingReplies({
  replies,
  total,
  busy,
}: {
  replies: PendingReply[];
  total: number;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="pending-replies-heading" className="mt-10">
      <h2 id="pending-replies-heading" className="text-lg font-semibold text-slate-900">
        Replies from businesses ({total} pending)
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A business's public reply to one of its reviews, shown under the review once published.
      </p>
      {replies.length === 0 ? (
        <div className="mt-3">
          <EmptyState>No replies waiting for verification</EmptyState>
        </div>
      ) : (
        <ul className="mt-3 space-y-3" aria-label="Pending replies">
          {replies.map((r) => (
            <AdminListItem
              key={r.id}
              testId="pending-reply"
              heading={<ReplyHeading reply={r} />}
              actions={<ReplyDecisions reply={r} busy={busy} />}
            >
              <p className="mt-2 text-sm leading-6 break-words whitespace-pre-line text-slate-900">
                {r.text}
              </p>
              <blockquote className="mt-3 border-l-4 border-slate-200 pl-3 text-sm text-slate-700">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  In reply to {r.reviewer_name} <Stars rating={r.rating} />
                </p>
                <p className="mt-1 break-words whitespace-pre-line">{r.review_text}</p>
              </blockquote>
            </AdminListItem>
          ))}
        </ul>
      )}
    </section>
  );
}

function ReplyHeading({ reply: r }: { reply: PendingReply }) {
  return (
    <>
      <h3 className="font-semibold text-slate-900">
        Reply from{" "}
        <Link
          to={`/provider/${encodeURIComponent(r.provider_id)}`}
          className="text-brand-700 underline underline-offset-2"
        >
          {r.business_name}
        </Link>{" "}
        <span className="font-mono text-xs font-normal text-slate-600">{r.provider_id}</span>
      </h3>
      <p className="mt-0.5 text-xs text-slate-600">{formatDateTime(r.updated_at, "short")}</p>
    </>
  );
}

function ReplyDecisions({ reply: r, busy }: { reply: PendingReply; busy: boolean }) {
  // The version read: a reply edited since is not decided on these words (moderateReply).
  const hidden = { replyVersion: new Date(r.updated_at).toISOString() };
  return (
    <div className="flex gap-2">
      <IntentButton
        field="replyId"
        id={r.id}
        intent="publish-reply"
        hidden={hidden}
        disabled={busy}
        aria-label={`Publish reply from ${r.business_name} to ${r.reviewer_name}`}
      >
        <Check aria-hidden className="h-4 w-4" /> Publish
      </IntentButton>
      <IntentButton
        field="replyId"
        id={r.id}
        intent="reject-reply"
        hidden={hidden}
        variant="outline"
        className="text-red-700"
        disabled={busy}
        aria-label={`Reject reply from ${r.business_name} to ${r.reviewer_name}`}
      >
        <X aria-hidden className="h-4 w-4" /> Reject
      </IntentButton>
    </div>
  );
}
