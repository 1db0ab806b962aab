/**
 * The reason for voiding a note and the button that voids it (decision 0711): in the dialog on the
 * note's page (a fetcher, so the page stays) and on the no-JavaScript page
 * /company/waste-notes/:id/void. The reason is required; the server checks it (the form does not
 * stop an empty one, so the server's message shows).
 */
import { Form, Link, useFetcher } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, Textarea } from "~/components/ui/form";
import { VOID_REASON_MAX } from "~/modules/waste-notes/lifecycle-rules";
import { viewPath } from "~/modules/waste-notes/storage-keys";

/** What the void action answers when it did not void the note. */
export interface VoidReply {
  reasonError?: string;
  reason?: string;
  formError?: string;
  /** The series' latest version, when the note was already corrected or voided. */
  latestId?: string | null;
}

export const voidPath = (id: string) => `/company/waste-notes/${id}/void`;

export const VOID_HINT =
  "The note is kept and shows “Void” with this reason to anyone who opens its link or QR code. It cannot be undone.";

function VoidFields({
  noteId,
  reply,
  busy,
  cancel,
}: {
  noteId: string;
  reply: VoidReply | undefined;
  busy: boolean;
  cancel: React.ReactNode;
}) {
  return (
    <>
      {reply?.formError ? (
        <Alert tone="error">
          {reply.formError}
          {reply.latestId && reply.latestId !== noteId ? (
            <>
              {" "}
              <Link to={viewPath(reply.latestId)} className="font-semibold underline">
                Open the current version
              </Link>
            </>
          ) : null}
        </Alert>
      ) : null}
      <Field label="Reason for voiding" errors={reply?.reasonError} hint={VOID_HINT}>
        {(p) => (
          <Textarea
            {...p}
            name="reason"
            rows={3}
            maxLength={VOID_REASON_MAX}
            defaultValue={reply?.reason ?? ""}
            required
            aria-required
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        {cancel}
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? "Voiding…" : "Void this note"}
        </Button>
      </div>
    </>
  );
}

/** In the dialog: a fetcher posts it, and the page follows the redirect to the voided note. */
export function VoidNoteFetcherForm({ noteId, cancel }: { noteId: string; cancel: React.ReactNode }) {
  const fetcher = useFetcher<VoidReply>();
  return (
    <fetcher.Form method="post" action={voidPath(noteId)} className="space-y-4" noValidate>
      <VoidFields noteId={noteId} reply={fetcher.data} busy={fetcher.state !== "idle"} cancel={cancel} />
    </fetcher.Form>
  );
}

/** On the no-JavaScript page: a plain form posting to the page itself. */
export function VoidNotePageForm({
  noteId,
  reply,
  busy,
}: {
  noteId: string;
  reply?: VoidReply;
  busy: boolean;
}) {
  return (
    <Form method="post" className="space-y-4" noValidate>
      <VoidFields
        noteId={noteId}
        reply={reply}
        busy={busy}
        cancel={
          <Button asChild variant="outline">
            <Link to={viewPath(noteId)}>Cancel</Link>
          </Button>
        }
      />
    </Form>
  );
}
