/**
 * A business's own addresses (decision 0261): its claimed listing's public e-mail and the e-mail of
 * the account that manages it (claimed_listings.user_id), whatever the listing's state.
 */
import type { Database } from "~/platform/db/database.server";
import type { BusinessAddresses } from "./own-business";

export async function businessAddresses(
  db: Database,
  registrationNumber: string,
): Promise<BusinessAddresses> {
  const row = await db
    .selectFrom("claimed_listings as c")
    .leftJoin("users as u", "u.id", "c.user_id")
    .select(["c.email as listingEmail", "u.email as ownerEmail"])
    .where("c.registration_number", "=", registrationNumber)
    .executeTakeFirst();
  return { listingEmail: row?.listingEmail ?? null, ownerEmail: row?.ownerEmail ?? null };
}
