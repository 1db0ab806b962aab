/** Provider quote requests for /admin/quote-requests: newest first, searchable, keyset-paginated. */
import { sql, type Expression, type SqlBool } from "kysely";
import type { Database } from "~/platform/db/database.server";
import {
  ADMIN_PAGE_SIZE,
  decodeCursor,
  encodeCursor,
  likePattern,
  type Page,
  type PageRequest,
} from "../leads/page-cursor";

export interface QuoteRow {
  id: string;
  provider_id: string;
  name: string;
  email: string;
  phone: string | null;
  postcode: string | null;
  service_type: string | null;
  message: string;
  status: string | null;
  has_image: boolean;
  created_at: Date;
}

export async function listQuoteRequests(db: Database, req: PageRequest = {}): Promise<Page<QuoteRow>> {
  const limit = req.limit ?? ADMIN_PAGE_SIZE;
  const after = decodeCursor(req.after);
  const before = after ? null : decodeCursor(req.before);
  const q = req.q?.trim().slice(0, 100);
  let query = db
    .selectFrom("quote_requests")
    .select([
      "id",
      "provider_id",
      "name",
      "email",
      "phone",
      "postcode",
      "service_type",
      "message",
      "status",
      "created_at",
    ])
    .select(sql<boolean>`image_key IS NOT NULL`.as("has_image"));
  if (q) {
    query = query.where(
      sql<SqlBool>`(name || ' ' || email || ' ' || coalesce(postcode, '') || ' ' || provider_id || ' ' || coalesce(phone, '') || ' ' || coalesce(service_type, '') || ' ' || message) ILIKE ${likePattern(q)}` as Expression<SqlBool>,
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
    .execute()) as QuoteRow[];
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
