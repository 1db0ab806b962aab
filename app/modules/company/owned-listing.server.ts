/**
 * The listing a company change is made for, read inside the change's transaction: the signed-in
 * user must own it (by user id and listing id together), and it must be approved and not
 * suspended for a change to go ahead (decision 0604).
 */
import type { Database } from "~/platform/db/database.server";
import type { OwnerRefusal } from "./enquiry-access";

/** Who is acting: the signed-in user and the listing the company area showed them. */
export interface ListingOwner {
  userId: string;
  listingId: string;
}

export interface OwnedListing {
  registrationNumber: string;
  businessName: string;
}

/** The owner's listing if they may change its enquiries; otherwise why not. */
export async function ownedListingForChange(
  db: Database,
  owner: ListingOwner,
): Promise<{ ok: true; listing: OwnedListing } | { ok: false; reason: OwnerRefusal }> {
  const row = await db
    .selectFrom("claimed_listings as c")
    .innerJoin("directory_entries as d", "d.registration_number", "c.registration_number")
    .select(["c.registration_number", "c.company_name", "d.business_name", "c.verified", "c.suspended_at"])
    .where("c.id", "=", owner.listingId)
    .where("c.user_id", "=", owner.userId)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: "not_found" };
  if (!row.verified) return { ok: false, reason: "not_approved" };
  if (row.suspended_at) return { ok: false, reason: "read_only" };
  return {
    ok: true,
    listing: {
      registrationNumber: row.registration_number,
      businessName: row.company_name ?? row.business_name,
    },
  };
}
