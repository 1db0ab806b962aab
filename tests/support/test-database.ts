/**
 * A clean, migrated database for one test file: in-memory PGlite, or (TEST_DB=postgres) a
 * fresh schema in the PostgreSQL database at TEST_DATABASE_URL, dropped afterwards.
 */
import crypto from "node:crypto";
import pg from "pg";
import { openDatabase, type DatabaseHandle } from "~/platform/db/database.server";
import { migrate } from "~/platform/db/migrate.server";

export interface TestDatabase extends DatabaseHandle {
  /** Drops what the test created and closes the connections. */
  destroy(): Promise<void>;
}

export function testDatabaseKind(): "pglite" | "postgres" {
  return process.env.TEST_DB === "postgres" ? "postgres" : "pglite";
}

/** `migrationsDir`: migrate from that folder instead (a test of a migration applies those before it first). */
export async function createTestDatabase(options: { migrationsDir?: string } = {}): Promise<TestDatabase> {
  if (testDatabaseKind() === "pglite") {
    const handle = await openDatabase({ pgliteDir: "memory://" });
    await migrate(handle.pool, options.migrationsDir);
    return { ...handle, destroy: () => handle.close() };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  const schema = `t_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const handle = await openDatabase({ url, schema, poolSize: 4 });
  await migrate(handle.pool, options.migrationsDir);
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
    },
  };
}
