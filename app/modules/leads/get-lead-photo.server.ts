/** The stored photo key of a lead (admins only: the route checks), or null. */
import type { Database } from "~/platform/db/database.server";
import { isUuid } from "~/platform/db/keyset-page.server";

export async function getLeadPhotoKey(db: Database, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const row = await db
    .selectFrom("general_leads")
    .select("image_key")
    .where("id", "=", id)
    .executeTakeFirst();
  return row?.image_key ?? null;
}
