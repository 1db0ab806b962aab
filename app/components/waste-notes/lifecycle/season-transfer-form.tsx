/**
 * A season ticket's next transfer (decision 0711): date and time, quantity with unit, place. On the
 * note's page (a fetcher posts it and the page follows the redirect back, with the transfer in the
 * schedule) and on the no-JavaScript page /company/waste-notes/:id/transfers after a refused post.
 * The server checks every rule (within the ticket's dates, current note, quantity > 0).
 */
import { CalendarPlus } from "lucide-react";
import { Form, useFetcher } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/form";
import { TRANSFER_PLACE_MAX } from "~/modules/waste-notes/lifecycle-rules";

export type TransferField = "at" | "quantity" | "unit" | "place";

/** What the transfers action answers when it added nothing. */
export interface TransferReply {
  errors?: Partial<Record<TransferField, string>>;
  values?: Partial<Record<TransferField, string>>;
  formError?: string;
}

export const transfersPath = (id: string) => `/company/waste-notes/${id}/transfers`;

function TransferFields({
  reply,
  busy,
  limits,
}: {
  reply: TransferReply | undefined;
  busy: boolean;
  /** The ticket's first and last days, "yyyy-mm-dd", to bound the date picker. */
  limits: { from: string; until: string };
}) {
  const v = reply?.values ?? {};
  const e = reply?.errors ?? {};
  return (
    <>
      {reply?.formError ? <Alert tone="error">{reply.formError}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Date and time of the transfer" errors={e.at}>
          {(p) => (
            <Input
              {...p}
              type="datetime-local"
              name="at"
              min={`${limits.from}T00:00`}
              max={`${limits.until}T23:59`}
              defaultValue={v.at ?? ""}
              required
            />
          )}
        </Field>
        <div className="grid grid-cols-[1fr_auto] gap-2">
          <Field label="Quantity" errors={e.quantity}>
            {(p) => (
              <Input {...p} name="quantity" inputMode="decimal" defaultValue={v.quantity ?? ""} required />
            )}
          </Field>
          <Field label="Unit" errors={e.unit}>
            {(p) => (
              <Select {...p} name="unit" defaultValue={v.unit ?? "kg"}>
                <option value="kg">kg</option>
                <option value="t">tonnes</option>
              </Select>
            )}
          </Field>
        </div>
      </div>
      <Field
        label="Place of transfer"
        errors={e.place}
        hint="Where the waste changed hands, e.g. the site's address."
      >
        {(p) => (
          <Input {...p} name="place" maxLength={TRANSFER_PLACE_MAX} defaultValue={v.place ?? ""} required />
        )}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={busy}>
          <CalendarPlus className="size-4" aria-hidden /> {busy ? "Adding…" : "Add transfer"}
        </Button>
      </div>
    </>
  );
}

/** On the note's page. */
export function SeasonTransferFetcherForm({
  noteId,
  limits,
}: {
  noteId: string;
  limits: { from: string; until: string };
}) {
  const fetcher = useFetcher<TransferReply>();
  return (
    <fetcher.Form method="post" action={transfersPath(noteId)} className="space-y-4" noValidate>
      <TransferFields reply={fetcher.data} busy={fetcher.state !== "idle"} limits={limits} />
    </fetcher.Form>
  );
}

/** On the no-JavaScript page. */
export function SeasonTransferPageForm({
  reply,
  busy,
  limits,
}: {
  reply?: TransferReply;
  busy: boolean;
  limits: { from: string; until: string };
}) {
  return (
    <Form method="post" className="space-y-4" noValidate>
      <TransferFields reply={reply} busy={busy} limits={limits} />
    </Form>
  );
}
