/**
 * Rejecting a claim: records the admin's notes and who decided, removes the unverified listing
 * the claim had made and, with it, the saved sites and customers the claimant added while waiting
 * (the account keeps nothing of the business, and the next claimant finds none of it: decision
 * 0256), and e-mails the claimant. One
 * transaction; rejecting a rejected claim again changes and sends nothing. An approved claim
 * cannot be rejected (suspend the listing instead). The logo the claimant uploaded into that
 * listing's draft goes with it: its files are deleted once the rejection has committed (decision
 * 0271). The claim's licence document stays with the claim (decision 0506) until the claim goes.
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import { logoUrlsOf, removeLogoFiles, unusedLogos } from "~/modules/company/unused-logos.server";
import { forgetSavedParties } from "~/modules/waste-notes/saved-parties.server";
import type { Database } from "~/platform/db/database.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import type { FileRemoval } from "~/platform/storage/remove-files.server";
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
  files?: FileRemoval,
): Promise<RejectClaimResult> {
  const now = input.now ?? new Date();
  let unusedLogoUrls: string[] = [];
  const result = await db.transaction().execute(async (trx): Promise<RejectClaimResult> => {
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
    let savedPartiesDeleted: { sites: number; customers: number } | null = null;
    if (claim.user_id) {
      const removed = await trx
        .deleteFrom("claimed_listings")
        .where("registration_number", "=", claim.registration_number)
        .where("verified", "=", false)
        .where("user_id", "=", claim.user_id)
        .returning(["logo_url", "draft"])
        .executeTakeFirst();
      // Only when it was the claimant's listing: a listing someone else holds keeps its rows.
      if (removed) {
        savedPartiesDeleted = await forgetSavedParties(trx, claim.registration_number);
        unusedLogoUrls = await unusedLogos(trx, logoUrlsOf(removed));
      }
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
      details: {
        registrationNumber: claim.registration_number,
        notes: notes ?? claim.admin_notes,
        ...(savedPartiesDeleted ? { savedPartiesDeleted } : {}),
      },
      at: now,
    });
    return { status: "rejected", email: claim.contact_email, businessName };
  });
  await removeLogoFiles(files, unusedLogoUrls);
  return result;
}
