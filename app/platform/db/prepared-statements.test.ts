/**
 * Statements marked by `prepared` (PREPARED_MARK) run as named prepared statements, once prepared
 * per connection under a name that depends only on their text (decision 0220); other statements
 * run unnamed.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { PREPARED_MARK } from "./database.server";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

it("prepares a marked statement once per connection, under one name for its text, with each call's values", async () => {
  const client = await database.pool.connect();
  try {
    const marked = `${PREPARED_MARK}SELECT $1::int + 1 AS n /* prepared-statements.test */`;
    const other = `${PREPARED_MARK}SELECT $1::int * 10 AS n /* prepared-statements.test */`;
    expect((await client.query(marked, [1])).rows).toEqual([{ n: 2 }]);
    expect((await client.query(marked, [41])).rows).toEqual([{ n: 42 }]);
    expect((await client.query(other, [5])).rows).toEqual([{ n: 50 }]);
    expect((await client.query("SELECT $1::int - 1 AS n", [5])).rows).toEqual([{ n: 4 }]);
    const { rows } = await client.query<{ name: string; statement: string }>(
      "SELECT name, statement FROM pg_prepared_statements WHERE statement LIKE '%prepared-statements.test%' ORDER BY statement",
    );
    // One per marked text, named "s" + a hash of it; the unmarked statement is not kept.
    expect(rows.map((r) => r.statement)).toEqual([other, marked].sort());
    for (const r of rows) expect(r.name).toMatch(/^s[A-Za-z0-9_-]{27}$/);
    expect(new Set(rows.map((r) => r.name)).size).toBe(2);
  } finally {
    client.release();
  }
});
