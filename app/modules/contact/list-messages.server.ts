/** Contact messages for /admin/messages: newest first, keyset-paginated; and marking one read. */
import { sql, type Expression, type SqlBool } from "kysely";
import type { Database } from "~/platform/db/database.server";
import {
  ADMIN_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  isUuid,
  likePattern,
  type Page,
  type PageRequest,
} from "../leads/page-cursor";

export interface ContactMessageRow {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  read_at: Date | null;
  created_at: Date;
}

export async function listContactMessages(
  db: Database,
  req: PageRequest = {},
): Promise<Page<ContactMessageRow>> {
  const limit = req.limit ?? ADMIN_PAGE_SIZE;
  const after = decodeCursor(req.after);
  const before = after ? null : decodeCursor(req.before);
  const q = req.q?.trim().slice(0, 100);
  let query = db
    .selectFrom("contact_messages")
    .select(["id", "name", "email", "subject", "message", "read_at", "created_at"]);
  if (q) {
    query = query.where(
      sql<SqlBool>`(name || ' ' || email || ' ' || subject || ' ' || message) ILIKE ${likePattern(q)}` as Expression<SqlBool>,
    );
  }
  if (after)
    query = query.where(
      sql<SqlBool>`(created_at, id) < (${after.createdAt}, ${after.id}::uuid)` as Expression<SqlBool>,
    );
  if (before)
    query = query.where(
      sql<SqlBool>`(created_at, id) > (${before.createdAt}, ${before.id}::uuid)` as Expression<SqlBool>,
    );
  const dir = before ? "asc" : "desc";
  const rows = await query
    .orderBy("created_at", dir)
    .orderBy("id", dir)
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  const page = rows.slice(0, limit);
  if (before) page.reverse();
  const first = page[0];
  const last = page[page.length - 1];
  return {
    rows: page,
    next: last && (before ? true : more) ? encodeCursor(last) : null,
    prev: first && (before ? more : !!after) ? encodeCursor(first) : null,
  };
}

export async function markMessageRead(db: Database, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const r = await db
    .updateTable("contact_messages")
    .set({ read_at: new Date() })
    .where("id", "=", id)
    .where("read_at", "is", null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
