/**
 * A quote request's photo key, for an admin or for the signed-in owner of the provider the request
 * was sent to; null for anyone else (and for unknown ids), so the route answers 404 alike.
 */
import type { Database } from "~/platform/db/database.server";
import { isUuid } from "~/platform/db/keyset-page.server";

export async function getQuotePhotoKey(
  db: Database,
  id: string,
  viewer: { id: string; isAdmin: boolean },
): Promise<string | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom("quote_requests as q")
    .leftJoin("claimed_listings as c", "c.registration_number", "q.provider_id")
    .select(["q.image_key", "c.user_id"])
    .where("q.id", "=", id)
    .executeTakeFirst();
  if (!row?.image_key) return null;
  if (viewer.isAdmin || (row.user_id !== null && row.user_id === viewer.id)) return row.image_key;
  return null;
}
