/**
 * An account manages one listing (decisions 0805, 0251 and 0254): the company area shows one. The
 * rule in one place: the listing, other than this business's, that an account manages or has a
 * claim pending for (claimed_listings holds both: a claim's unverified row until an admin decides).
 *
 * Asked by every path that gives a listing to an account: the claim wizard when signed in (told
 * on opening, refused on submitting), the claim's approval (and so Add Provider), the owner
 * change; the admin's claim review shows its answer before the admin decides. A claim made signed
 * out for an address whose account has a listing is accepted as any other (decision 0410) and
 * its address is told by e-mail.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { normaliseEmail } from "~/platform/email-address";

export interface OtherListing {
  registrationNumber: string;
  /** The business as its listing names it (the owner's name for it, else the register's). */
  businessName: string;
  /** False while a claim for it waits for an admin. */
  verified: boolean;
}

export interface OtherListingOptions {
  /**
   * The moment this claim was made: another claim still pending counts only when it was made
   * before (first come, first served). Without it every pending claim counts (a new claim in the
   * wizard comes after all of them). A signed-out claim made in someone else's name (decision
   * 0410) so cannot hold up the claim that person made first.
   */
  claimedAt?: Date;
}

/** The other listing of the account `userId`, if any (a verified one before a pending claim's). */
export async function otherListingOf(
  db: Database,
  userId: string,
  registrationNumber: string,
  options: OtherListingOptions = {},
): Promise<OtherListing | null> {
  const { claimedAt } = options;
  const row = await db
    .selectFrom("claimed_listings as c")
    .leftJoin("directory_entries as d", "d.registration_number", "c.registration_number")
    .select(["c.registration_number", "c.company_name", "d.business_name", "c.verified"])
    .where("c.user_id", "=", userId)
    .where("c.registration_number", "<>", registrationNumber)
    .$if(claimedAt !== undefined, (q) =>
      q.where((eb) => eb.or([eb("c.verified", "=", true), eb("c.created_at", "<", claimedAt!)])),
    )
    .orderBy("c.verified", "desc")
    .orderBy("c.created_at")
    .executeTakeFirst();
  if (!row) return null;
  return {
    registrationNumber: row.registration_number,
    businessName: row.company_name?.trim() || row.business_name || row.registration_number,
    verified: row.verified,
  };
}

/**
 * The same for the account of `email` (an address with no account has none): the account an
 * approval or an owner change gives the listing to. With `lock`, inside the change's transaction,
 * the address is locked until it commits (a transaction-level advisory lock on the normalised
 * address: it holds for an address that has no account yet too), so two admins giving one
 * address two listings at the same moment are taken one after the other and the second is refused.
 */
export async function otherListingOfAddress(
  db: Database,
  email: string,
  registrationNumber: string,
  options: OtherListingOptions & { lock?: boolean } = {},
): Promise<OtherListing | null> {
  const address = normaliseEmail(email);
  if (options.lock)
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${`account-address:${address}`}, 0))`.execute(db);
  const user = await db.selectFrom("users").select("id").where("email", "=", address).executeTakeFirst();
  return user ? otherListingOf(db, user.id, registrationNumber, options) : null;
}
