/**
 * One call for the form routes: limit, check, validate the multipart form, then create the note.
 * Returns field errors, a refusal (the company rules of note-rules.ts), a rate limit, or the new
 * note's id.
 *
 * Order matters (issue 14): the public generator's per-client limit is counted first, so refused
 * submissions (which make us decode images) count too; a company that may not write notes is
 * refused before its photos are decoded; the public carrier licence is checked against the
 * register with the other fields, so the person sees every problem at once.
 */
import type { Database } from "~/platform/db/database.server";
import { hit, type Limit } from "~/platform/rate-limit.server";
import type { Storage } from "~/platform/storage/storage.server";
import { checkCarrierRegistration, type CarrierCheck } from "./carrier-status.server";
import { MAX_PHOTOS, PHOTO_MAX_BYTES, SIGNATURE_MAX_BYTES } from "./constants";
import { createWasteNote, type NoteOwner } from "./create-note.server";
import { getNoteEligibility } from "./note-eligibility.server";
import type { NoteRefusal } from "./note-rules";
import type { PlanUsage } from "./plan-limit.server";
import { editItemValues, itemValues } from "./validate-items.server";
import { validateWasteNote, type FieldErrors, type FormValues } from "./validate-note.server";
import { formatDate } from "~/platform/dates";
import { HONEYPOT_FIELD, honeypotFilled } from "~/platform/honeypot";

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

export const CARRIER_LICENCE_MESSAGES = {
  malformed:
    "Enter the carrier's registration number as it is on their certificate, e.g. CBDU123456 (England and Wales), WCR/R/1234567 (Scotland) or ROC UT 1234 (Northern Ireland)",
  notFound: (n: string) =>
    `${n} is not on the Environment Agency public register. Check the number on the carrier's registration certificate: a waste note must name a registered carrier.`,
  expired: (n: string, day: string) =>
    `The registration ${n} expired on ${day}: a waste note cannot name a carrier whose registration has expired. Ask the carrier to renew it, or use a registered carrier.`,
  removed: (n: string) =>
    `${n} is no longer on the Environment Agency public register: a waste note cannot name it. Check the number with the carrier.`,
} as const;

/** The field message for a carrier licence the register does not back, or null when it may be used. */
export function carrierLicenceProblem(check: CarrierCheck): string | null {
  switch (check.kind) {
    case "empty":
      return null; // 'Required' comes from the validator
    case "malformed":
      return CARRIER_LICENCE_MESSAGES.malformed;
    case "other":
      return null; // accepted, the note says it was not checked (decision 0705)
    case "ea":
      if (check.status === "active") return null;
      if (check.status === "not_found") return CARRIER_LICENCE_MESSAGES.notFound(check.number);
      if (check.status === "removed") return CARRIER_LICENCE_MESSAGES.removed(check.number);
      return CARRIER_LICENCE_MESSAGES.expired(
        check.number,
        check.state?.state === "expired" ? formatDate(check.state.since) : "",
      );
  }
}

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
  if (!options.owner) {
    const licence = form.get("carrierLicense");
    const errors = result.ok ? {} : result.errors;
    if (typeof licence === "string" && !errors.carrierLicense) {
      const problem = carrierLicenceProblem(await checkCarrierRegistration(deps.db, licence, now));
      if (problem) {
        const values = result.ok ? stringValues(form) : result.values;
        return { status: "invalid", errors: { ...errors, carrierLicense: [problem] }, values };
      }
    }
  }
  if (!result.ok) return { status: "invalid", errors: result.errors, values: result.values };
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
