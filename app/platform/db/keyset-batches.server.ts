/**
 * Reads a whole filtered list in keyset batches over (created_at, id), one query per batch, for
 * the admin lists' CSV exports (decision 0806): a batch is read only when the previous one has
 * been written, so an export of 100,000 rows never holds more than one batch.
 *
 * The cursor is the row's created_at as the database's own text (microseconds kept: a JavaScript
 * Date would round them to milliseconds and a batch could repeat or skip a row). A list module
 * builds its query and hands it over:
 *
 *   return keysetBatches({ createdAt: "l.created_at", id: "l.id" }, ({ cursor, window, dir, limit }) => {
 *     let query = db.selectFrom("general_leads as l").select([...]).select(cursor);
 *     if (window) query = query.where(window);
 *     return query.orderBy("l.created_at", dir).orderBy("l.id", dir).limit(limit).execute();
 *   });
 */
import { sql, type AliasedRawBuilder, type Expression, type SqlBool } from "kysely";

export const EXPORT_BATCH_SIZE = 500;

/** What `keysetBatches` asks a list's query to apply. */
export interface BatchWindow {
  /** Select this: the row's cursor (created_at as text), read back into the next batch's window. */
  cursor: AliasedRawBuilder<string, "cursor_at">;
  /** The condition "after the last row of the previous batch", or null on the first batch. */
  window: Expression<SqlBool> | null;
  dir: "asc" | "desc";
  limit: number;
}

export async function* keysetBatches<T extends { id: string; cursor_at: string }>(
  columns: { createdAt: string; id: string },
  run: (w: BatchWindow) => Promise<T[]>,
  options: { dir?: "asc" | "desc"; batchSize?: number } = {},
): AsyncGenerator<T[]> {
  const dir = options.dir ?? "desc";
  const limit = options.batchSize ?? EXPORT_BATCH_SIZE;
  const createdAt = sql.ref(columns.createdAt);
  const id = sql.ref(columns.id);
  const cursor = sql<string>`${createdAt}::text`.as("cursor_at");
  let last: T | undefined;
  for (;;) {
    const window = last
      ? dir === "desc"
        ? sql<SqlBool>`(${createdAt}, ${id}) < (${last.cursor_at}::timestamptz, ${last.id}::uuid)`
        : sql<SqlBool>`(${createdAt}, ${id}) > (${last.cursor_at}::timestamptz, ${last.id}::uuid)`
      : null;
    const rows = await run({ cursor, window, dir, limit });
    if (rows.length > 0) yield rows;
    if (rows.length < limit) return;
    last = rows[rows.length - 1];
  }
}
