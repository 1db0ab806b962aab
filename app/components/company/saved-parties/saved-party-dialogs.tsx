/**
 * The dialogs of /company/sites and /company/customers (decision 0710): add or edit a saved site
 * or customer (the server's messages under each field), and the confirmation before a delete.
 * Opened from the URL (?new, ?edit=<id>, ?delete=<id>), so they work without JavaScript too.
 */
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Field, Input, Textarea } from "~/components/ui/form";
import {
  SAVED_PARTY_FIELDS,
  SAVED_PARTY_TEXT,
  type SavedPartyErrors,
  type SavedPartyKind,
  type SavedPartyValues,
} from "~/modules/waste-notes/saved-party-input";

export interface SavedRowView {
  id: string;
  name: string;
  [field: string]: unknown;
}

/** The row's values as the form's fields (names as in SAVED_PARTY_FIELDS). */
export function rowValues(kind: SavedPartyKind, row: SavedRowView | null): SavedPartyValues {
  const values: SavedPartyValues = {};
  for (const f of SAVED_PARTY_FIELDS[kind]) {
    const v = row?.[f.name];
    values[f.name] = typeof v === "string" ? v : "";
  }
  return values;
}

type FieldSpec = (typeof SAVED_PARTY_FIELDS)[SavedPartyKind][number];

/** One labelled field of the form, with the server's message under it. */
function PartyField({ field: f, value, error }: { field: FieldSpec; value: string; error?: string }) {
  return (
    <Field
      label={
        <>
          {f.label} {f.required ? <span className="text-red-700">*</span> : null}
        </>
      }
      errors={error}
    >
      {(p) =>
        f.multiline ? (
          <Textarea
            {...p}
            name={f.name}
            rows={2}
            maxLength={f.max}
            defaultValue={value}
            aria-required={f.required || undefined}
          />
        ) : (
          <Input
            {...p}
            name={f.name}
            type={f.name === "email" ? "email" : "text"}
            inputMode={f.name === "sicCode" ? "numeric" : undefined}
            autoComplete="off"
            maxLength={f.max}
            defaultValue={value}
            aria-required={f.required || undefined}
          />
        )
      }
    </Field>
  );
}

export function SavedPartyFormDialog({
  kind,
  row,
  values,
  errors,
  closeHref,
  onClose,
}: {
  kind: SavedPartyKind;
  /** The row being edited; null to add one. */
  row: SavedRowView | null;
  values: SavedPartyValues;
  errors?: SavedPartyErrors;
  closeHref: string;
  onClose: () => void;
}) {
  const busy = useNavigation().state === "submitting";
  const text = SAVED_PARTY_TEXT[kind];
  const title = row ? `Edit ${row.name}` : text.add;
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={
        kind === "site"
          ? "Offered as the receiving site on your next waste note."
          : "Offered as the customer (transferor) on your next waste note."
      }
      closeHref={closeHref}
    >
      <Form method="post" className="space-y-4" noValidate aria-label={title}>
        <input type="hidden" name="intent" value={row ? "update" : "create"} />
        {row ? <input type="hidden" name="id" value={row.id} /> : null}
        {SAVED_PARTY_FIELDS[kind].map((f) => (
          <PartyField key={f.name} field={f} value={values[f.name] ?? ""} error={errors?.[f.name]} />
        ))}
        <div className="flex flex-wrap justify-end gap-2">
          <Button asChild variant="outline">
            <Link to={closeHref} preventScrollReset>
              Cancel
            </Link>
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : row ? "Save changes" : `Save ${text.one}`}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

export function DeleteSavedPartyDialog({
  kind,
  row,
  closeHref,
  onClose,
}: {
  kind: SavedPartyKind;
  row: SavedRowView;
  closeHref: string;
  onClose: () => void;
}) {
  const busy = useNavigation().state === "submitting";
  const text = SAVED_PARTY_TEXT[kind];
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Delete ${row.name}?`}
      description={`The saved ${text.one} is no longer offered on your notes. Notes already written keep their details.`}
      closeHref={closeHref}
    >
      <Form method="post" className="flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={row.id} />
        <Button asChild variant="outline">
          <Link to={closeHref} preventScrollReset>
            Cancel
          </Link>
        </Button>
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? "Deleting..." : `Delete ${text.one}`}
        </Button>
      </Form>
    </Dialog>
  );
}
