/**
 * Voids a company's note (issue 19, decision 0711): the note is kept, never deleted, and shows
 * "Void" with the reason to anyone opening its link. Only the owner company's current note (not
 * superseded, not already void) can be voided; the reason is required (≤ 500 characters, control
 * characters removed). The listing must be approved and not suspended; an expired registration,
 * or one no longer on the register, may still void: a void corrects the record and writes no new
 * transfer (decision 0249). The listing and the note are locked, the note changed and audited
 * (`waste_note.voided`) in one transaction, and the PDF is made again so that it says so. A voided
 * note still counts against the plan's allowance: it was issued.
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import { checkVoidReason, LIFECYCLE_TEXT, noteState } from "./lifecycle-rules";
import { getListingRefusal } from "./note-eligibility.server";
import { latestVersionId, lockOwnedNote } from "./owned-note.server";
import { queueNotePdf } from "./pdf-job.server";

export interface VoidNoteInput {
  noteId: string;
  userId: string;
  registrationNumber: string;
  reason: unknown;
  now?: Date;
}

export type VoidNoteResult =
  | { ok: true; id: string; reason: string }
  | { ok: false; status: "not_found" }
  /** The listing is suspended or awaiting approval (decision 0249). */
  | { ok: false; status: "not_allowed"; error: string }
  | { ok: false; status: "invalid"; error: string }
  /** Superseded or already void: `latestId` is the series' latest version (to link to). */
  | { ok: false; status: "not_current"; error: string; latestId: string | null };

export async function voidWasteNote(db: Database, input: VoidNoteInput): Promise<VoidNoteResult> {
  const now = input.now ?? new Date();
  const checked = checkVoidReason(input.reason);
  return db.transaction().execute(async (trx): Promise<VoidNoteResult> => {
    const refusal = await getListingRefusal(trx, input.registrationNumber, "void", { now, lock: true });
    if (refusal) return { ok: false, status: "not_allowed", error: refusal.message };
    const note = await lockOwnedNote(trx, input.noteId, input.registrationNumber);
    if (!note) return { ok: false, status: "not_found" };
    const state = noteState(note);
    if (state !== "current") {
      return {
        ok: false,
        status: "not_current",
        error: state === "void" ? LIFECYCLE_TEXT.alreadyVoid : LIFECYCLE_TEXT.supersededCannotVoid,
        latestId: await latestVersionId(trx, note.series_id),
      };
    }
    if (!checked.ok) return { ok: false, status: "invalid", error: checked.error };
    await trx
      .updateTable("waste_notes")
      .set({ voided_at: now, void_reason: checked.reason, voided_by: input.userId })
      .where("id", "=", note.id)
      .execute();
    await recordAudit(trx, {
      actorUserId: input.userId,
      action: "waste_note.voided",
      entity: "waste_note",
      entityId: note.id,
      details: {
        registrationNumber: input.registrationNumber,
        version: note.version,
        seriesId: note.series_id,
        reason: checked.reason,
      },
      at: now,
    });
    await queueNotePdf(trx, note.id);
    return { ok: true, id: note.id, reason: checked.reason };
  });
}
