/** Looking up a row a test's code should (or should not) have written. */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import type { DB } from "~/platform/db/schema";

/**
 * The id of the first row of the table whose column equals the value (or is `like` it), undefined
 * when there is none.
 */
export async function findRowId<T extends keyof DB>(
  db: Database,
  table: T,
  column: keyof DB[T] & string,
  value: string,
  op: "=" | "like" = "=",
): Promise<{ id: unknown } | undefined> {
  const { rows } = await sql<{ id: unknown }>`
    select id from ${sql.table(table)} where ${sql.ref(column)} ${sql.raw(op)} ${value} limit 1
  `.execute(db);
  return rows[0];
}

/** How many rows the table holds. */
export async function countRows(db: Database, table: keyof DB): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
}
