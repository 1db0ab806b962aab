/** Deletes a lead and its photo; false when there was no such lead. */
import { deletePhoto } from "./photo.server";
import type { Database } from "~/platform/db/database.server";
import type { Logger } from "~/platform/logger.server";
import type { Storage } from "~/platform/storage/storage.server";
import { isUuid } from "~/platform/db/keyset-page.server";

export async function deleteLead(
  { db, storage, log }: { db: Database; storage: Storage; log: Logger },
  id: string,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db
    .deleteFrom("general_leads")
    .where("id", "=", id)
    .returning("image_key")
    .executeTakeFirst();
  if (!row) return false;
  if (row.image_key) {
    await deletePhoto(storage, row.image_key).catch((error: unknown) =>
      log.warn({ err: error, key: row.image_key }, "lead photo not removed"),
    );
  }
  return true;
}
