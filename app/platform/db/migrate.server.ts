/**
 * Applies db/migrations/NNNN_name.sql in order, each in its own transaction, once.
 * Safe to run at every start-up and from several processes (advisory lock on PostgreSQL).
 * A line `-- after commit: <statement>` runs that statement once the file's transaction has
 * committed, for what a transaction cannot hold (VACUUM after a migration that rewrites a table:
 * the rewrite empties the visibility map, and every index-only scan reads the table until a
 * VACUUM sets it again). It runs only with its migration; if it fails, the migration stays applied.
 */
import fs from "node:fs";
import path from "node:path";
import type pg from "pg";
import { projectRoot } from "../paths.server";

const LOCK_ID = 727_274_001;

export function migrationsDir(): string {
  return path.join(projectRoot(), "db", "migrations");
}

export function listMigrations(dir = migrationsDir()): string[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
}

export async function migrate(pool: pg.Pool, dir = migrationsDir()): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [LOCK_ID]);
    await client.query(
      "CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())",
    );
    const done = new Set(
      (await client.query<{ name: string }>("SELECT name FROM schema_migrations")).rows.map((r) => r.name),
    );
    for (const file of listMigrations(dir)) {
      if (done.has(file)) continue;
      const sql = fs.readFileSync(path.join(dir, file), "utf8");
      try {
        await client.query("BEGIN");
        await client.query(sql);
        await client.query("INSERT INTO schema_migrations (name) VALUES ($1)", [file]);
        await client.query("COMMIT");
        applied.push(file);
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
      }
      for (const statement of afterCommit(sql)) {
        await client.query(statement).catch((error: unknown) => {
          throw new Error(
            `Migration ${file} applied, but its '${statement}' failed: ${(error as Error).message}`,
            {
              cause: error,
            },
          );
        });
      }
    }
    return applied;
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [LOCK_ID]).catch(() => {});
    client.release();
  }
}

/** The statements a migration runs after its commit (`-- after commit: VACUUM t`), in order. */
export function afterCommit(sql: string): string[] {
  return [...sql.matchAll(/^-- after commit: (.+?);?\s*$/gm)].map((m) => m[1]);
}

/** True when every migration file has been applied (for /readyz). */
export async function isMigrated(pool: pg.Pool, dir = migrationsDir()): Promise<boolean> {
  const { rows } = await pool.query<{ name: string }>("SELECT name FROM schema_migrations");
  const done = new Set(rows.map((r) => r.name));
  return listMigrations(dir).every((f) => done.has(f));
}
