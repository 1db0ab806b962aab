import { Form } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import type { HeldRemovalsView } from "~/modules/register-sync/held-removals.server";
import { formatDateTime } from "~/platform/dates";

/**
 * A full sync held its removals (decision 0279): how many, why, the first of them, and the
 * administrator's confirmation (a checkbox to say the source was checked, then the button).
 */
export function HeldRemovals({
  held,
  busy,
  submitting,
}: {
  held: HeldRemovalsView;
  busy: boolean;
  submitting: string;
}) {
  const count = held.held.toLocaleString("en-GB");
  const more = held.held - held.sample.length;
  return (
    <Alert
      tone="warning"
      title={`Removals held: ${count} registration${held.held === 1 ? "" : "s"} not marked as removed`}
      className="mt-4"
      data-testid="held-removals"
    >
      <p>
        The full sync of {formatDateTime(held.finishedAt, "short")}
        {held.source ? <> from {held.source}</> : null} was applied, but did not mark these registrations as
        no longer on the register.
      </p>
      <p className="mt-2 break-words">{held.reason}</p>
      <ul className="mt-2 list-disc pl-5" aria-label="Held registrations">
        {held.sample.map((r) => (
          <li key={r.registrationNumber}>
            <span className="font-mono">{r.registrationNumber}</span> {r.businessName}
          </li>
        ))}
        {more > 0 ? <li>and {more.toLocaleString("en-GB")} more</li> : null}
      </ul>
      <Form method="post" preventScrollReset className="mt-3 space-y-3">
        <input type="hidden" name="intent" value="confirm-removals" />
        <input type="hidden" name="syncId" value={held.syncId} />
        <label className="flex items-start gap-2">
          <input type="checkbox" name="checked" required className="mt-1 h-4 w-4 shrink-0" />
          <span>I have checked that the source is the whole register and these carriers have left it.</span>
        </label>
        <Button type="submit" variant="danger" disabled={busy || submitting === "confirm-removals"}>
          Mark {count} as removed
        </Button>
        {busy ? <p>A sync is running or waiting to start: confirm once it has finished.</p> : null}
      </Form>
    </Alert>
  );
}
