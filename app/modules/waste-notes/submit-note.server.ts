/**
 * One call for the form routes: validate the multipart form, then create the note.
 * Returns field errors, a plan-limit refusal, or the new note's id.
 */
import type { Database } from "~/platform/db/database.server";
import { hit, type Limit } from "~/platform/rate-limit.server";
import type { Storage } from "~/platform/storage/storage.server";
import { MAX_PHOTOS, PHOTO_MAX_BYTES, SIGNATURE_MAX_BYTES } from "./constants";
import { createWasteNote, type NoteOwner } from "./create-note.server";
import { PLAN_LIMIT_MESSAGE, type PlanUsage } from "./plan-limit.server";
import { validateWasteNote, type FieldErrors, type FormValues } from "./validate-note.server";

/** Largest request body the form may send: 3 photos, 2 signatures and the text. */
export const MAX_FORM_BYTES = MAX_PHOTOS * PHOTO_MAX_BYTES + 4 * SIGNATURE_MAX_BYTES + 256 * 1024;

export type SubmitResult =
  | { status: "created"; id: string }
  | { status: "invalid"; errors: FieldErrors; values: FormValues }
  | { status: "plan_limit"; message: string; usage: PlanUsage; values: FormValues }
  | { status: "rate_limited"; message: string; values: FormValues }
  | { status: "spam" };

/** Anonymous notes from the public generator: at most 30 per hour per client address. */
export const PUBLIC_NOTE_LIMIT: Limit = { max: 30, windowMs: 60 * 60_000 };
export const RATE_LIMIT_MESSAGE = "Too many waste notes have been made from this connection. Please try again in an hour.";

export async function submitWasteNote(
  deps: { db: Database; storage: Storage },
  form: FormData,
  options: { owner?: NoteOwner; rateLimitKey?: string } = {},
): Promise<SubmitResult> {
  const honeypot = form.get("website");
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { status: "spam" };
  const result = await validateWasteNote(form);
  if (!result.ok) return { status: "invalid", errors: result.errors, values: result.values };
  if (options.rateLimitKey && !(await hit(deps.db, `waste-note:${options.rateLimitKey}`, PUBLIC_NOTE_LIMIT)).allowed) {
    return { status: "rate_limited", message: RATE_LIMIT_MESSAGE, values: stringValues(form) };
  }
  const created = await createWasteNote(deps, result.data, { owner: options.owner });
  if (!created.ok) {
    return { status: "plan_limit", message: PLAN_LIMIT_MESSAGE, usage: created.usage, values: stringValues(form) };
  }
  return { status: "created", id: created.id };
}

/** The text fields of the form, to put back in it (lists stay lists; no files, no drawings). */
function stringValues(form: FormData): FormValues {
  const values: FormValues = {};
  for (const name of new Set(form.keys())) {
    const all = form.getAll(name).filter((v): v is string => typeof v === "string" && !v.startsWith("data:"));
    if (all.length === 0) continue;
    values[name] = name.endsWith("Status") ? all : all[0];
  }
  return values;
}
