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
import type { Database } from "~/platform/db/database.server";
import { normaliseEmail } from "~/platform/email-address";

export interface OtherListing {
  registrationNumber: string;
  /** The business as its listing names it (the owner's name for it, else the register's). */
  businessName: string;
  /** False while a claim for it waits for an admin. */
  verified: boolean;
}

/** The other listing of the account `userId`, if any (a verified one before a pending claim's). */
export async function otherListingOf(
  db: Database,
  userId: string,
  registrationNumber: string,
): Promise<OtherListing | null> {
  const row = await db
    .selectFrom("claimed_listings as c")
    .leftJoin("directory_entries as d", "d.registration_number", "c.registration_number")
    .select(["c.registration_number", "c.company_name", "d.business_name", "c.verified"])
    .where("c.user_id", "=", userId)
    .where("c.registration_number", "<>", registrationNumber)
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
 * the account's row is locked until it commits, so two admins giving one account two listings at
 * the same moment are taken one after the other and the second is refused.
 */
export async function otherListingOfAddress(
  db: Database,
  email: string,
  registrationNumber: string,
  options: { lock?: boolean } = {},
): Promise<OtherListing | null> {
  let account = db.selectFrom("users").select("id").where("email", "=", normaliseEmail(email));
  if (options.lock) account = account.forNoKeyUpdate();
  const user = await account.executeTakeFirst();
  return user ? otherListingOf(db, user.id, registrationNumber) : null;
}
