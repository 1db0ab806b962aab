/**
 * Suspend or reinstate a provider (decision 0805): a confirmation dialog with the reason, which is
 * required (checked on the server; the form does not stop an empty one so the server's message
 * shows), e-mailed to the owner and kept in the history. Opened from the URL, so it works without
 * JavaScript too.
 */
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Field, Textarea } from "~/components/ui/form";
import { REASON_MAX, type SuspensionAction } from "~/modules/providers/reason";

export interface SuspendTarget {
  id: string;
  name: string;
  registrationNumber: string;
  action: SuspensionAction;
}

const TEXT = {
  suspend: {
    title: (name: string) => `Suspend ${name}?`,
    description: (reg: string) =>
      `${reg}. While suspended, the public site shows only the register's details: the claimed details, logo and Premium features are hidden. The owner is e-mailed the reason.`,
    submit: "Suspend provider",
    busy: "Suspending...",
  },
  reinstate: {
    title: (name: string) => `Reinstate ${name}?`,
    description: (reg: string) =>
      `${reg}. The public site shows the claimed details again. The owner is e-mailed the reason.`,
    submit: "Reinstate provider",
    busy: "Reinstating...",
  },
} as const;

export function SuspendDialog({
  target,
  error,
  reason = "",
  closeHref,
  onClose,
}: {
  target: SuspendTarget;
  /** The server's message when the reason was refused. */
  error?: string;
  /** What was typed, kept when the server refused it. */
  reason?: string;
  closeHref: string;
  onClose: () => void;
}) {
  const busy = useNavigation().state === "submitting";
  const text = TEXT[target.action];
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={text.title(target.name)}
      description={text.description(target.registrationNumber)}
      closeHref={closeHref}
    >
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value={target.action} />
        <input type="hidden" name="listingId" value={target.id} />
        <Field label="Reason" errors={error} hint="Sent to the owner and kept in the provider's history.">
          {(p) => (
            <Textarea
              {...p}
              name="reason"
              rows={4}
              maxLength={REASON_MAX}
              defaultValue={reason}
              required
              aria-required
            />
          )}
        </Field>
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <Link to={closeHref} preventScrollReset>
              Cancel
            </Link>
          </Button>
          <Button type="submit" variant={target.action === "suspend" ? "danger" : "primary"} disabled={busy}>
            {busy ? text.busy : text.submit}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
