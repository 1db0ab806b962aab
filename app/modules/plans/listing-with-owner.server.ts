/** The claimed listing as the plan code and the admin's provider pages read it. */
import type { Database } from "~/platform/db/database.server";

/** A claimed listing (`c`) with its register entry (`d`) and its owner, if it has one (`u`). */
export function listingWithOwner(db: Database) {
  return db
    .selectFrom("claimed_listings as c")
    .innerJoin("directory_entries as d", "d.registration_number", "c.registration_number")
    .leftJoin("users as u", "u.id", "c.user_id");
}

/** The listing's id and what its e-mails name it by: registration number, own name, register's name. */
export const LISTING_NAME_COLUMNS = [
  "c.id",
  "c.registration_number",
  "c.company_name",
  "d.business_name",
] as const;
