/** Contact messages for /admin/messages: newest first, keyset-paginated; and marking one read. */
import { sql, type Expression, type SqlBool } from "kysely";
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import { isUuid, keysetPage, type Page, type PageRequest } from "~/platform/db/keyset-page.server";

export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  read_at: Date | null;
  created_at: Date;
}

export function listContactMessages(db: Database, req: PageRequest = {}): Promise<Page<ContactMessageRow>> {
  return keysetPage(req, ({ search, window, dir, limit }) => {
    let query = db
      .selectFrom("contact_messages")
      .select(["id", "name", "email", "subject", "message", "read_at", "created_at"]);
    if (search) {
      query = query.where(
        sql<SqlBool>`(name || ' ' || email || ' ' || subject || ' ' || message) ILIKE ${search}` as Expression<SqlBool>,
      );
    }
    if (window) query = query.where(window);
    return query.orderBy("created_at", dir).orderBy("id", dir).limit(limit).execute();
  });
}

export async function markMessageRead(
  db: Database,
  id: string,
  actorId: string | null = null,
): Promise<boolean> {
  if (!isUuid(id)) return false;
  return db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable("contact_messages")
      .set({ read_at: new Date() })
      .where("id", "=", id)
      .where("read_at", "is", null)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return false;
    await recordAudit(trx, {
      actorUserId: actorId,
      action: "contact_message.read",
      entity: "contact_message",
      entityId: id,
    });
    return true;
  });
}
