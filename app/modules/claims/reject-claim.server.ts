/**
 * Rejecting a claim: records the admin's notes and who decided, removes the unverified listing
 * the claim had made (the account keeps nothing of the business), and e-mails the claimant. One
 * transaction; rejecting a rejected claim again changes and sends nothing. An approved claim
 * cannot be rejected (suspend the listing instead).
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { claimRejectedEmail } from "./emails.server";
import { lockClaim } from "./lock-claim.server";

export type RejectClaimResult =
  | { status: "not-found" }
  | { status: "approved" }
  | { status: "already-rejected" }
  | { status: "rejected"; email: string; businessName: string };

export async function rejectClaim(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: { claimId: string; adminId: string; adminNotes?: string | null; now?: Date },
): Promise<RejectClaimResult> {
  const now = input.now ?? new Date();
  return db.transaction().execute(async (trx): Promise<RejectClaimResult> => {
    const claim = await lockClaim(trx, input.claimId);
    if (!claim) return { status: "not-found" };
    if (claim.status === "approved") return { status: "approved" };
    if (claim.status === "rejected") return { status: "already-rejected" };
    const notes = input.adminNotes?.trim() || null;
    await trx
      .updateTable("claim_requests")
      .set({
        status: "rejected",
        admin_notes: notes ?? claim.admin_notes,
        reviewed_by: input.adminId,
        reviewed_at: now,
        updated_at: now,
      })
      .where("id", "=", claim.id)
      .execute();
    if (claim.user_id) {
      await trx
        .deleteFrom("claimed_listings")
        .where("registration_number", "=", claim.registration_number)
        .where("verified", "=", false)
        .where("user_id", "=", claim.user_id)
        .execute();
    }
    const entry = await trx
      .selectFrom("directory_entries")
      .select("business_name")
      .where("registration_number", "=", claim.registration_number)
      .executeTakeFirst();
    const businessName = entry?.business_name || claim.registration_number;
    await queueEmail(
      trx,
      claimRejectedEmail({
        to: claim.contact_email,
        businessName,
        notes: notes ?? claim.admin_notes,
        registerUrl: `${config.publicUrl}/register`,
        contactUrl: `${config.publicUrl}/contact`,
      }),
    );
    await recordAudit(trx, {
      actorUserId: input.adminId,
      action: "claim.rejected",
      entity: "claim_request",
      entityId: claim.id,
      details: { registrationNumber: claim.registration_number, notes: notes ?? claim.admin_notes },
      at: now,
    });
    return { status: "rejected", email: claim.contact_email, businessName };
  });
}
