/**
 * Keyset pagination over (created_at DESC, id DESC) for the admin lists: a page is found through
 * the (created_at DESC, id) index whatever its depth, so 100,000 rows page as fast as 100.
 * A cursor is '<ISO time>_<uuid>'.
 */
export const ADMIN_PAGE_SIZE = 25;

export interface Cursor {
  createdAt: Date;
  id: string;
}

export function encodeCursor(row: { created_at: Date; id: string }): string {
  return `${row.created_at.toISOString()}_${row.id}`;
}

export function decodeCursor(value: string | null | undefined): Cursor | null {
  if (!value) return null;
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)_([0-9a-f-]{36})$/i.exec(value);
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

/** '%' and '_' typed by the admin are matched literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function isUuid(value: string | null | undefined): value is string {
  return !!value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
