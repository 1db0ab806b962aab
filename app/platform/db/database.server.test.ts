import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "./database.server";

const root = fs.mkdtempSync(path.join(os.tmpdir(), "wcd-pglite-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it("creates a new embedded database in its folder, then reopens it with its data", async () => {
  const dir = path.join(root, "db");
  const first = await openDatabase({ pgliteDir: dir });
  try {
    expect(fs.existsSync(path.join(dir, "PG_VERSION"))).toBe(true);
    expect(fs.existsSync(`${dir}.lock`)).toBe(true);
    await first.pool.query("CREATE TABLE kept (n int)");
    await first.pool.query("INSERT INTO kept VALUES (42)");
    // pg_trgm is available to the migrations.
    await first.pool.query("CREATE EXTENSION IF NOT EXISTS pg_trgm");
  } finally {
    await first.close();
  }
  expect(fs.existsSync(`${dir}.lock`)).toBe(false);

  const again = await openDatabase({ pgliteDir: dir });
  try {
    const { rows } = await again.pool.query("SELECT n, similarity('skip', 'skips') > 0.3 AS trgm FROM kept");
    expect(rows).toEqual([{ n: 42, trgm: true }]);
  } finally {
    await again.close();
  }
}, 120_000);
