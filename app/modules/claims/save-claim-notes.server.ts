/**
 * Saves an admin's notes on a pending claim without deciding it (kept for the decision and its
 * e-mail). A decided claim's notes are the record of that decision (a rejection's were e-mailed to
 * the claimant) and are not rewritten: the update is conditional on the claim being pending, so a
 * page opened before the decision, or a notes save racing it, changes nothing (decision 0263).
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import type { ClaimStatus } from "~/platform/db/schema";

export type SaveClaimNotesResult =
  | { status: "saved" }
  | { status: "not-found" }
  /** The claim was approved or rejected: its notes stay as they were decided with. */
  | { status: "decided"; claimStatus: Exclude<ClaimStatus, "pending"> };

export async function saveClaimNotes(
  db: Database,
  input: { claimId: string; adminId: string; notes: string | null; now?: Date },
): Promise<SaveClaimNotesResult> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (trx): Promise<SaveClaimNotesResult> => {
    const saved = await trx
      .updateTable("claim_requests")
      .set({ admin_notes: input.notes?.trim() || null, updated_at: now })
      .where("id", "=", input.claimId)
      .where("status", "=", "pending")
      .returning("id")
      .executeTakeFirst();
    if (!saved) {
      const claim = await trx
        .selectFrom("claim_requests")
        .select("status")
        .where("id", "=", input.claimId)
        .executeTakeFirst();
      return !claim || claim.status === "pending"
        ? { status: "not-found" }
        : { status: "decided", claimStatus: claim.status };
    }
    await recordAudit(trx, {
      actorUserId: input.adminId,
      action: "claim.notes_saved",
      entity: "claim_request",
      entityId: input.claimId,
      at: now,
    });
    return { status: "saved" };
  });
}
