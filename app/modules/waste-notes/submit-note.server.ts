/**
 * One call for the form routes: limit, check, validate the multipart form, then create the note.
 * Returns field errors, a refusal (the company rules of note-rules.ts), a rate limit, or the new
 * note's id.
 *
 * Order matters (issue 14): the public generator's per-client limit is counted first, so refused
 * submissions (which make us decode images) count too; a company that may not write notes is
 * refused before its photos are decoded; the checks that need the register, the clock or the
 * company's addresses (the public carrier licence, the collection date, a company's customer
 * e-mail: note-context.server.ts) run with the other fields, so the person sees every
 * problem at once.
 */
import type { Database } from "~/platform/db/database.server";
import { hit, type Limit } from "~/platform/rate-limit.server";
import type { Storage } from "~/platform/storage/storage.server";
import { MAX_PHOTOS, PHOTO_MAX_BYTES, SIGNATURE_MAX_BYTES } from "./constants";
import { createWasteNote, type NoteOwner } from "./create-note.server";
import { getNoteEligibility } from "./note-eligibility.server";
import type { NoteRefusal } from "./note-rules";
import type { PlanUsage } from "./plan-limit.server";
import { editItemValues, itemValues } from "./validate-items.server";
import { validateWasteNote, type FieldErrors, type FormValues } from "./validate-note.server";
import { noteContextErrors } from "./note-context.server";
import { HONEYPOT_FIELD, honeypotFilled } from "~/platform/honeypot";

export { CARRIER_LICENCE_MESSAGES, carrierLicenceProblem } from "./note-context.server";

/** Largest request body the form may send: 3 photos, 2 signatures and the text. */
export const MAX_FORM_BYTES = MAX_PHOTOS * PHOTO_MAX_BYTES + 4 * SIGNATURE_MAX_BYTES + 256 * 1024;

export type SubmitResult =
  | { status: "created"; id: string }
  | { status: "invalid"; errors: FieldErrors; values: FormValues }
  | { status: "refused"; refusal: NoteRefusal; usage: PlanUsage | null; values: FormValues }
  | { status: "rate_limited"; message: string; values: FormValues }
  /** An item added or removed without JavaScript: the form again, nothing saved. */
  | { status: "edited"; values: FormValues }
  | { status: "spam" };

/** Notes from the public generator: at most 30 per hour per client address, refused ones included. */
export const PUBLIC_NOTE_LIMIT: Limit = { max: 30, windowMs: 60 * 60_000 };
export const RATE_LIMIT_MESSAGE =
  "Too many waste notes have been made from this connection. Please try again in an hour.";

export async function submitWasteNote(
  deps: { db: Database; storage: Storage },
  form: FormData,
  options: { owner?: NoteOwner; rateLimitKey?: string; now?: Date } = {},
): Promise<SubmitResult> {
  const now = options.now ?? new Date();
  if (honeypotFilled(form.get(HONEYPOT_FIELD))) return { status: "spam" };
  const intent = form.get("intent");
  if (typeof intent === "string" && /^(add-item|remove-item:\d+)$/.test(intent)) {
    return { status: "edited", values: editItemValues(stringValues(form), intent) };
  }
  const posted = form.get("correctionOf");
  const correctionOf =
    options.owner && typeof posted === "string" && posted.trim() !== "" ? posted.trim() : undefined;
  if (
    options.rateLimitKey &&
    !(await hit(deps.db, `waste-note:${options.rateLimitKey}`, PUBLIC_NOTE_LIMIT, now)).allowed
  ) {
    return { status: "rate_limited", message: RATE_LIMIT_MESSAGE, values: stringValues(form) };
  }
  if (options.owner) {
    const { refusal, usage } = await getNoteEligibility(deps.db, options.owner.registrationNumber, {
      now,
      correction: correctionOf !== undefined,
    });
    if (refusal) return { status: "refused", refusal, usage, values: stringValues(form) };
  }
  const result = await validateWasteNote(form, { company: options.owner !== undefined });
  const faulted = result.ok ? {} : result.errors;
  const context = await noteContextErrors(deps.db, form, { owner: options.owner, now, faulted });
  if (!result.ok || Object.keys(context).length > 0) {
    const values = result.ok ? stringValues(form) : result.values;
    return { status: "invalid", errors: { ...faulted, ...context }, values };
  }
  const created = await createWasteNote(deps, result.data, { owner: options.owner, now, correctionOf });
  if (!created.ok)
    return { status: "refused", refusal: created.refusal, usage: created.usage, values: stringValues(form) };
  return { status: "created", id: created.id };
}

/** The text fields of the form, to put back in it (lists stay lists; no files, no drawings, no intent). */
function stringValues(form: FormData): FormValues {
  const values: FormValues = {};
  for (const name of new Set(form.keys())) {
    if (name === "intent" || name === HONEYPOT_FIELD) continue;
    const all = form.getAll(name).filter((v): v is string => typeof v === "string" && !v.startsWith("data:"));
    if (all.length === 0) continue;
    values[name] = name.endsWith("Status") ? all : all[0];
  }
  return { ...values, ...itemValues(form) };
}
