/**
 * Deleting an account (decision 0271): how the operator answers a person's request to have their
 * data deleted (the privacy notice sends such requests to us), with `npm run delete-account`.
 * Nothing else in the product deletes an account. One transaction:
 *   1. the account, found by its address and locked; an administrator's is refused (admin rights
 *      follow the address, which would stay on the list: remove it from Settings first);
 *   2. its claims that were never approved, their documents and its unverified listings
 *      (`forgetClaimant`, claims module);
 *   3. the account's row: its sessions and links go with it (ON DELETE CASCADE); the rows that
 *      name it as their author or actor keep their content without it (ON DELETE SET NULL). An
 *      approved listing it owned stays published without an owner (the business's, not the
 *      person's): an admin gives it to someone else or suspends it;
 *   4. an `account.deleted` audit entry, without the address.
 * Once committed, the deleted claims' documents and the logos no row names any more are deleted
 * from storage; a file that cannot be deleted is logged, and the account stays deleted.
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import { forgetClaimant, type ForgottenClaimant } from "~/modules/claims/forget-claimant.server";
import { removeLogoFiles } from "~/modules/company/unused-logos.server";
import type { Database } from "~/platform/db/database.server";
import { normaliseEmail } from "~/platform/email-address";
import { removeFiles, type FileRemoval, type RemovedFiles } from "~/platform/storage/remove-files.server";
import { isAdmin } from "./is-admin.server";

export type DeleteAccountResult =
  | { status: "not-found" }
  /** An administrator's account: not deleted (remove the address from the administrators first). */
  | { status: "administrator" }
  | {
      status: "deleted";
      userId: string;
      /** The claims deleted with it (never approved). */
      claims: ForgottenClaimant["claims"];
      /** Unverified listings deleted with it. */
      listingsRemoved: string[];
      /** Approved listings it owned, left published without an owner. */
      listingsWithoutOwner: string[];
      /** Files deleted from storage after the commit, and those that could not be. */
      files: RemovedFiles;
    };

export async function deleteAccount(
  db: Database,
  files: FileRemoval,
  input: { email: string; actorUserId?: string | null; now?: Date },
): Promise<DeleteAccountResult> {
  const now = input.now ?? new Date();
  const email = normaliseEmail(input.email);
  const result = await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom("users")
      .select(["id", "email"])
      .where("email", "=", email)
      .forUpdate()
      .executeTakeFirst();
    if (!user) return { status: "not-found" } as const;
    if (await isAdmin(trx, user.email)) return { status: "administrator" } as const;
    // The person acting is named unless it is this account (which is about to go).
    const actorUserId = input.actorUserId === user.id ? null : (input.actorUserId ?? null);
    const forgotten = await forgetClaimant(trx, user.id, { actorUserId, now });
    const owned = await trx
      .selectFrom("claimed_listings")
      .select("registration_number")
      .where("user_id", "=", user.id)
      .orderBy("registration_number")
      .execute();
    await trx.deleteFrom("users").where("id", "=", user.id).execute();
    const listingsWithoutOwner = owned.map((l) => l.registration_number);
    await recordAudit(trx, {
      actorUserId,
      action: "account.deleted",
      entity: "account",
      entityId: user.id,
      details: {
        claimsRemoved: forgotten.claims.length,
        ...(forgotten.listings.length ? { listingsRemoved: forgotten.listings } : {}),
        ...(listingsWithoutOwner.length ? { listingsWithoutOwner } : {}),
      },
      at: now,
    });
    return { status: "deleted", userId: user.id, forgotten, listingsWithoutOwner } as const;
  });
  if (result.status !== "deleted") return result;
  const { forgotten } = result;
  const documents = await removeFiles(files, { folders: forgotten.licenceFolders });
  const logos = await removeLogoFiles(files, forgotten.unusedLogoUrls);
  return {
    status: "deleted",
    userId: result.userId,
    claims: forgotten.claims,
    listingsRemoved: forgotten.listings,
    listingsWithoutOwner: result.listingsWithoutOwner,
    files: { removed: documents.removed + logos.removed, failed: documents.failed + logos.failed },
  };
}
