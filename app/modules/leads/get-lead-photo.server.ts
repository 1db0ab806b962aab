/**
 * A lead's stored photo key, for an admin, or for the signed-in owner of a verified, not suspended
 * listing the lead was forwarded to (decision 0807); null for anyone else (and unknown ids), so
 * the route answers 404 alike.
 */
import type { Database } from "~/platform/db/database.server";
import { isUuid } from "~/platform/db/keyset-page.server";

export async function getLeadPhotoKey(
  db: Database,
  id: string,
  viewer: { id: string; isAdmin: boolean },
): Promise<string | null> {
  if (!isUuid(id)) return null;
  if (viewer.isAdmin) {
    const lead = await db
      .selectFrom("general_leads")
      .select("image_key")
      .where("id", "=", id)
      .executeTakeFirst();
    return lead?.image_key ?? null;
  }
  if (!isUuid(viewer.id)) return null;
  const row = await db
    .selectFrom("general_leads as l")
    .select("l.image_key")
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom("lead_forwards as f")
            .innerJoin("claimed_listings as c", "c.registration_number", "f.registration_number")
            .select("f.lead_id")
            .whereRef("f.lead_id", "=", "l.id")
            .where("c.user_id", "=", viewer.id)
            .where("c.verified", "=", true)
            .where("c.suspended_at", "is", null),
        )
        .as("forwarded_to_viewer"),
    )
    .where("l.id", "=", id)
    .executeTakeFirst();
  return row?.image_key && row.forwarded_to_viewer ? row.image_key : null;
}
