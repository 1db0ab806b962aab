/**
 * One call for the form routes: validate the multipart form, then create the note.
 * Returns field errors, a plan-limit refusal, or the new note's id.
 */
import type { Database } from "~/platform/db/database.server";
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
  | { status: "spam" };

export async function submitWasteNote(
  deps: { db: Database; storage: Storage },
  form: FormData,
  options: { owner?: NoteOwner } = {},
): Promise<SubmitResult> {
  const honeypot = form.get("website");
  if (typeof honeypot === "string" && honeypot.trim() !== "") return { status: "spam" };
  const result = await validateWasteNote(form);
  if (!result.ok) return { status: "invalid", errors: result.errors, values: result.values };
  const created = await createWasteNote(deps, result.data, { owner: options.owner });
  if (!created.ok) {
    const values = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string" && !String(v).startsWith("data:"))) as FormValues;
    return { status: "plan_limit", message: PLAN_LIMIT_MESSAGE, usage: created.usage, values };
  }
  return { status: "created", id: created.id };
}
