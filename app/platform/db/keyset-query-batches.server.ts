/**
 * keysetBatches for a list whose query is built once: the list module hands over its filtered
 * select and the (created_at, id) columns, and each batch adds the cursor, the window after the
 * previous batch, the order and the limit (decision 0806).
 */
import { sql, type SelectQueryBuilder } from "kysely";
import { keysetBatches } from "./keyset-batches.server";

export function keysetQueryBatches<DB, TB extends keyof DB, O extends { id: string }>(
  query: SelectQueryBuilder<DB, TB, O>,
  columns: { createdAt: string; id: string },
  options: { dir?: "asc" | "desc"; batchSize?: number } = {},
): AsyncGenerator<(O & { cursor_at: string })[]> {
  return keysetBatches(
    columns,
    ({ cursor, window, dir, limit }) => {
      let q = query.select(cursor) as unknown as SelectQueryBuilder<DB, TB, O & { cursor_at: string }>;
      if (window) q = q.where(window);
      return q
        .orderBy(sql.ref(columns.createdAt), dir)
        .orderBy(sql.ref(columns.id), dir)
        .limit(limit)
        .execute();
    },
    options,
  );
}
