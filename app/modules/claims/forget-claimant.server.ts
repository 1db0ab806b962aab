/**
 * What a claimant's claims leave behind when their account is deleted (decision 0271). Run in the
 * deletion's transaction, before the account's row goes:
 * - a claim that was never approved (pending, or rejected) is deleted: its contact details,
 *   business details and licence document were collected to decide it, for a person who has now
 *   left. What stays is the audit log's record of it (submitted; rejected, by whom, when and why),
 *   which holds the registration number and the admin's notes but no contact details, kept 6 years
 *   like every audit entry (the privacy purge), and a `claim.removed` entry saying it went with
 *   the account. A pending claim so withdrawn frees the business for the next claimant;
 * - an approved claim stays, with its document: it is the record of why a listing that still
 *   exists was given (decision 0506), kept 6 years from its decision like every decided claim;
 * - the account's unverified listings (a pending claim's link to the business: its draft, its
 *   saved sites and customers) are deleted, as a rejection deletes them (decision 0256);
 * - administrators' notifications of its pending claims still waiting for their batch (their
 *   titles name the claimant) are dropped.
 * Returns what it removed, and the files to delete once the deletion has committed: each removed
 * claim's document folder and the logos no row names any more.
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import { logoUrlsOf, unusedLogos } from "~/modules/company/unused-logos.server";
import { forgetSavedParties } from "~/modules/waste-notes/saved-parties.server";
import type { Database } from "~/platform/db/database.server";
import { licenceFolder } from "./licence-document.server";

export interface ForgottenClaimant {
  /** The claims deleted, as they were. */
  claims: { id: string; registrationNumber: string; status: "pending" | "rejected" }[];
  /** The registration numbers of the unverified listings deleted. */
  listings: string[];
  /** Storage folders of the deleted claims' documents. */
  licenceFolders: string[];
  /** Logos that no row names now. */
  unusedLogoUrls: string[];
}

/** The account's unverified listings, deleted with their saved parties; the logos they named. */
async function forgetUnverifiedListings(trx: Database, userId: string) {
  const listings = await trx
    .deleteFrom("claimed_listings")
    .where("user_id", "=", userId)
    .where("verified", "=", false)
    .returning(["registration_number", "logo_url", "draft"])
    .execute();
  for (const listing of listings) await forgetSavedParties(trx, listing.registration_number);
  return { numbers: listings.map((l) => l.registration_number), logos: listings.flatMap(logoUrlsOf) };
}

export async function forgetClaimant(
  trx: Database,
  userId: string,
  options: { actorUserId: string | null; now: Date },
): Promise<ForgottenClaimant> {
  const claims = await trx
    .deleteFrom("claim_requests")
    .where("user_id", "=", userId)
    .where("status", "in", ["pending", "rejected"])
    .returning(["id", "registration_number", "status", "license_document_key"])
    .execute();
  for (const claim of claims) {
    await recordAudit(trx, {
      actorUserId: options.actorUserId,
      action: "claim.removed",
      entity: "claim_request",
      entityId: claim.id,
      details: {
        registrationNumber: claim.registration_number,
        status: claim.status,
        reason: "account-deleted",
        ...(claim.license_document_key ? { licenceDocumentDeleted: true } : {}),
      },
      at: options.now,
    });
  }
  const paths = claims.map((c) => `/admin/claim-requests?claim=${c.id}`);
  if (paths.length > 0) await trx.deleteFrom("admin_notifications").where("path", "in", paths).execute();
  const listings = await forgetUnverifiedListings(trx, userId);
  return {
    claims: claims.map((c) => ({
      id: c.id,
      registrationNumber: c.registration_number,
      status: c.status as "pending" | "rejected",
    })),
    listings: listings.numbers,
    licenceFolders: claims.filter((c) => c.license_document_key).map((c) => licenceFolder(c.id)),
    unusedLogoUrls: await unusedLogos(trx, listings.logos),
  };
}
