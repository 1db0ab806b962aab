/**
 * Keyset pagination over (created_at DESC, id DESC) for the admin lists: a page is found through
 * the (created_at DESC, id) index whatever its depth, so 100,000 rows page as fast as 100.
 * A cursor is '<ISO time>_<uuid>' ('<ISO time>_<digits>' for a bigint id: `{ idType: "bigint" }`,
 * the audit log). A list module builds its query and hands it to `keysetPage`:
 *
 *   return keysetPage(req, ({ search, window, dir, limit }) => {
 *     let query = db.selectFrom("general_leads").select([...]);
 *     if (search) query = query.where(sql<SqlBool>`(name || ' ' || email) ILIKE ${search}`);
 *     if (window) query = query.where(window);
 *     return query.orderBy("created_at", dir).orderBy("id", dir).limit(limit).execute();
 *   });
 */
import { sql, type Expression, type SqlBool } from "kysely";
import { likePattern } from "./like";

export const ADMIN_PAGE_SIZE = 25;

export interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(row: { created_at: Date; id: string }): string {
  return `${row.created_at.toISOString()}_${row.id}`;
}

/** The type of a list's id column: a uuid (most lists) or a bigint (the audit log's bigserial). */
export type KeysetId = "uuid" | "bigint";

const CURSOR_RE: Record<KeysetId, RegExp> = {
  uuid: /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)_([0-9a-f-]{36})$/i,
  bigint: /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)_([1-9]\d{0,17})$/,
};

export function decodeCursor(value: string | null | undefined, idType: KeysetId = "uuid"): Cursor | null {
  if (!value) return null;
  const m = CURSOR_RE[idType].exec(value);
  if (!m) return null;
  const createdAt = new Date(m[1]!);
  return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id: m[2]!.toLowerCase() };
}

export interface PageRequest {
  q?: string | null;
  /** Rows older than this cursor (the next page). */
  after?: string | null;
  /** Rows newer than this cursor (the previous page). */
  before?: string | null;
  limit?: number;
}

export interface Page<T> {
  rows: T[];
  /** Cursor for the next (older) page, when there is one. */
  next: string | null;
  /** Cursor for the previous (newer) page, when there is one. */
  prev: string | null;
}

export function isUuid(value: string | null | undefined): value is string {
  return !!value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/** What `keysetPage` asks a list's query to apply. */
export interface PageWindow {
  /** The admin's search as an ILIKE pattern ('%' and '_' matched literally), or null. */
  search: string | null;
  /** The cursor condition on (created_at, id), or null on the first page. */
  window: Expression<SqlBool> | null;
  dir: "asc" | "desc";
  /** One more than the page size: the extra row says whether there is another page. */
  limit: number;
}

/** One page of a list, newest first, with the cursors of the pages either side. */
export async function keysetPage<T extends { created_at: Date; id: string }>(
  req: PageRequest,
  run: (w: PageWindow) => Promise<T[]>,
  options: { idType?: KeysetId } = {},
): Promise<Page<T>> {
  const limit = req.limit ?? ADMIN_PAGE_SIZE;
  const idType = options.idType ?? "uuid";
  const after = decodeCursor(req.after, idType);
  const before = after ? null : decodeCursor(req.before, idType);
  const q = req.q?.trim().slice(0, 100);
  const id = (c: Cursor) => (idType === "bigint" ? sql`${c.id}::bigint` : sql`${c.id}::uuid`);
  const window = after
    ? (sql<SqlBool>`(created_at, id) < (${after.createdAt}, ${id(after)})` as Expression<SqlBool>)
    : before
      ? (sql<SqlBool>`(created_at, id) > (${before.createdAt}, ${id(before)})` as Expression<SqlBool>)
      : null;
  const rows = await run({
    search: q ? likePattern(q) : null,
    window,
    dir: before ? "asc" : "desc",
    limit: limit + 1,
  });
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
