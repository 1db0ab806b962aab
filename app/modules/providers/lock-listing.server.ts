/**
 * A claimed listing locked for an admin's change (its owner, its suspension), with what the
 * owner's e-mails name: the business as the owner calls it (or the register's name) and its
 * registration number.
 */
import type { Database } from "~/platform/db/database.server";

export function lockListing(trx: Database, listingId: string) {
  return (
    trx
      .selectFrom("claimed_listings as c")
      .innerJoin("directory_entries as d", "d.registration_number", "c.registration_number")
      .leftJoin("users as u", "u.id", "c.user_id")
      .select(["c.id", "c.registration_number", "c.company_name", "d.business_name"])
      .select(["c.user_id", "c.verified", "c.suspended_at", "u.email as owner_email"])
      // The listing's public e-mail, where customers' enquiries go (the owner change, decision 0263).
      .select("c.email as contact_email")
      .where("c.id", "=", listingId)
      .forUpdate("c")
      .executeTakeFirst()
  );
}

export type LockedListing = NonNullable<Awaited<ReturnType<typeof lockListing>>>;

/** The listing as its owner's e-mails name it. */
export function listingMail(listing: LockedListing, to: string) {
  return {
    to,
    businessName: listing.company_name?.trim() || listing.business_name,
    registrationNumber: listing.registration_number,
  };
}
