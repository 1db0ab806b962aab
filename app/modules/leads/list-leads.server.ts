/** Customer leads for /admin/leads: newest first, searchable, keyset-paginated. */
import { sql, type Expression, type SqlBool } from "kysely";
import type { Database } from "~/platform/db/database.server";
import {
  ADMIN_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  likePattern,
  type Page,
  type PageRequest,
} from "./page-cursor";

export interface LeadRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  postcode: string;
  load_size: "single" | "small" | "medium" | "large" | null;
  description: string;
  preferred_date: string | null;
  preferred_time: string | null;
  status: string;
  has_image: boolean;
  created_at: Date;
}

export async function listLeads(db: Database, req: PageRequest = {}): Promise<Page<LeadRow>> {
  const limit = req.limit ?? ADMIN_PAGE_SIZE;
  const after = decodeCursor(req.after);
  const before = after ? null : decodeCursor(req.before);
  const q = req.q?.trim().slice(0, 100);
  let query = db
    .selectFrom("general_leads")
    .select([
      "id",
      "name",
      "email",
      "phone",
      "postcode",
      "load_size",
      "description",
      "preferred_date",
      "preferred_time",
      "status",
      "created_at",
    ])
    .select(sql<boolean>`image_key IS NOT NULL`.as("has_image"));
  if (q) {
    query = query.where(
      sql<SqlBool>`(name || ' ' || email || ' ' || postcode || ' ' || coalesce(phone, '') || ' ' || description) ILIKE ${likePattern(q)}` as Expression<SqlBool>,
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
  const rows = (await query
    .orderBy("created_at", dir)
    .orderBy("id", dir)
    .limit(limit + 1)
    .execute()) as LeadRow[];
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
