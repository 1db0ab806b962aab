/**
 * One published review on /company/reviews with the owner's reply: the reply as it stands (its
 * moderation status), and the form to write it or edit it until it is published (decision 0604).
 */
import { Form, useNavigation } from "react-router";
import { Stars } from "~/components/enquiries/stars";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Field, Textarea } from "~/components/ui/form";
import {
  REPLY_MAX,
  REPLY_STATUS_LABELS,
  replyEditable,
  type ReplyStatus,
} from "~/modules/reviews/reply-rules";
import { formatDate } from "~/platform/dates";

export interface ReviewView {
  id: string;
  name: string;
  rating: number;
  text: string;
  createdAt: string;
  reply: { text: string; status: ReplyStatus; updatedAt: string } | null;
}

const TONES = { pending: "amber", published: "green", rejected: "red" } as const;

export function ReviewCard({
  review: r,
  canReply,
  replyError,
}: {
  review: ReviewView;
  canReply: boolean;
  replyError?: { value: string; message: string } | null;
}) {
  return (
    <Card data-testid="company-review" aria-labelledby={`review-${r.id}`}>
      <CardContent className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <h2 id={`review-${r.id}`} className="font-semibold text-slate-900">
              {r.name}
            </h2>
            <Stars rating={r.rating} className="mt-1" />
          </div>
          <time dateTime={r.createdAt} className="text-xs text-slate-600">
            {formatDate(r.createdAt)}
          </time>
        </div>
        <p className="text-sm leading-6 break-words whitespace-pre-line text-slate-800">{r.text}</p>
        <ReplyPart review={r} canReply={canReply} error={replyError} />
      </CardContent>
    </Card>
  );
}

function ReplyPart({
  review: r,
  canReply,
  error,
}: {
  review: ReviewView;
  canReply: boolean;
  error?: { value: string; message: string } | null;
}) {
  const reply = r.reply;
  return (
    <div className="space-y-3 border-l-4 border-brand-100 pl-3 sm:pl-4">
      {reply ? (
        <div data-testid="your-reply">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-700">
            Your reply <Badge tone={TONES[reply.status]}>{REPLY_STATUS_LABELS[reply.status]}</Badge>
          </p>
          <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line text-slate-800">
            {reply.text}
          </p>
          <ReplyStatusNote status={reply.status} />
        </div>
      ) : null}
      {canReply && replyEditable(reply?.status) ? (
        <ReplyForm review={r} error={error} />
      ) : !reply ? (
        <p className="text-sm text-slate-600">No reply.</p>
      ) : null}
    </div>
  );
}

function ReplyStatusNote({ status }: { status: ReplyStatus }) {
  const note =
    status === "pending"
      ? "An administrator will check it before it shows on your profile. You can still edit it."
      : status === "rejected"
        ? "It was not published. You can write it again and send it for moderation."
        : "It shows under the review on your profile.";
  return <p className="mt-1 text-xs text-slate-600">{note}</p>;
}

function ReplyForm({
  review: r,
  error,
}: {
  review: ReviewView;
  error?: { value: string; message: string } | null;
}) {
  const busy = useNavigation().state !== "idle";
  const editing = Boolean(r.reply);
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name="reviewId" value={r.id} />
      <Field
        label={editing ? "Edit your reply" : "Public reply"}
        hint={`Shown under the review on your profile once published. At most ${REPLY_MAX.toLocaleString("en-GB")} characters.`}
        errors={error?.message}
      >
        {(props) => (
          <Textarea
            {...props}
            name="text"
            rows={3}
            maxLength={REPLY_MAX}
            defaultValue={error?.value ?? r.reply?.text ?? ""}
          />
        )}
      </Field>
      <Button type="submit" size="sm" disabled={busy}>
        {editing ? "Update reply" : "Send reply"}
      </Button>
    </Form>
  );
}
