/** Saves an admin's notes on a claim without deciding it (kept for the decision and its e-mail). */
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";

export async function saveClaimNotes(
  db: Database,
  input: { claimId: string; adminId: string; notes: string | null; now?: Date },
): Promise<boolean> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable("claim_requests")
      .set({ admin_notes: input.notes?.trim() || null, updated_at: now })
      .where("id", "=", input.claimId)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await recordAudit(trx, {
      actorUserId: input.adminId,
      action: "claim.notes_saved",
      entity: "claim_request",
      entityId: input.claimId,
      at: now,
    });
    return true;
  });
}
