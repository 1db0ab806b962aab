/** Deletes a quote request and its photo; false when there was no such request. */
import { deletePhoto } from "~/modules/leads/photo.server";
import type { Database } from "~/platform/db/database.server";
import type { Logger } from "~/platform/logger.server";
import type { Storage } from "~/platform/storage/storage.server";
import { isUuid } from "~/platform/db/keyset-page.server";

export async function deleteQuoteRequest(
  { db, storage, log }: { db: Database; storage: Storage; log: Logger },
  id: string,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db
    .deleteFrom("quote_requests")
    .where("id", "=", id)
    .returning("image_key")
    .executeTakeFirst();
  if (!row) return false;
  if (row.image_key) {
    await deletePhoto(storage, row.image_key).catch((error: unknown) =>
      log.warn({ err: error, key: row.image_key }, "quote photo not removed"),
    );
  }
  return true;
}
