/** Deletes a visitor enquiry (a lead or a quote request) and its photo; false when there was no such row. */
import { recordAudit } from "~/modules/audit/record-audit.server";
import { deletePhoto } from "./photo.server";
import type { Database } from "~/platform/db/database.server";
import type { Logger } from "~/platform/logger.server";
import type { Storage } from "~/platform/storage/storage.server";
import { isUuid } from "~/platform/db/keyset-page.server";

export interface DeleteEnquiryDeps {
  db: Database;
  storage: Storage;
  log: Logger;
}

export async function deleteEnquiry(
  { db, storage, log }: DeleteEnquiryDeps,
  table: "general_leads" | "quote_requests",
  id: string,
  /** For the warning when the photo could not be removed: "lead", "quote". */
  noun: string,
  /** The administrator who deletes it (audited). */
  actorId: string | null = null,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  const row = await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom(table)
      .where("id", "=", id)
      .returning(["image_key", "email", "created_at"])
      .executeTakeFirst();
    if (deleted) {
      const lead = table === "general_leads";
      await recordAudit(trx, {
        actorUserId: actorId,
        action: lead ? "lead.deleted" : "quote_request.deleted",
        entity: lead ? "general_lead" : "quote_request",
        entityId: id,
        details: { email: deleted.email, sentAt: deleted.created_at.toISOString() },
      });
    }
    return deleted;
  });
  if (!row) return false;
  if (row.image_key) {
    await deletePhoto(storage, row.image_key).catch((error: unknown) =>
      log.warn({ err: error, key: row.image_key }, `${noun} photo not removed`),
    );
  }
  return true;
}
