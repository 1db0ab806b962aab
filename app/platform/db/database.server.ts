/**
 * One driver path for both databases: Kysely -> node-postgres Pool, connected either to a
 * PostgreSQL server (DATABASE_URL) or to embedded PGlite through its node-postgres adapter.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { Kysely, PostgresDialect, sql, type RawBuilder } from "kysely";
import pg from "pg";
import { memo } from "../memo";
import { registerPgliteCopy, registerPostgresCopy } from "./copy-in.server";
import type { DB } from "./schema";

export type Database = Kysely<DB>;

// Dates stay 'YYYY-MM-DD' strings (no time-zone shifts); bigint counts become numbers.
pg.types.setTypeParser(1082, (v: string) => v);
pg.types.setTypeParser(20, (v: string) => {
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : v;
});

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  kind: "postgres" | "pglite";
  /** Where the data lives, for messages (never includes a password). */
  describe: string;
  /** Embedded only: a consistent copy of the whole data folder, as a gzipped tarball. */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  url?: string;
  /** PGlite data folder, or "memory://" for an in-memory database. */
  pgliteDir?: string;
  poolSize?: number;
  /** Optional schema to put first on the search path (tests isolate themselves this way). */
  schema?: string;
}

export class DatabaseInUseError extends Error {}

/**
 * Named prepared statements for the statements that run most and cost most to plan: the searches
 * (decision 0220). A statement marked by `prepared` is parsed and analysed once per connection and
 * then only bound and planned: about 0.5-1 ms less database CPU per search statement at 300,000
 * rows. Each is still planned for its own values (plan_cache_mode = force_custom_plan, set on
 * every connection): a generic plan, blind to the words and the place, was many times slower for
 * some searches. A connection keeps at most MAX_PREPARED_PER_CONNECTION of them; further texts
 * run unnamed, as every other statement does.
 */
export const PREPARED_MARK = "/* prepared */ ";
const MAX_PREPARED_PER_CONNECTION = 24;
export const PLAN_CACHE_MODE = "force_custom_plan";

/** The statement, marked to run as a named prepared statement (see PREPARED_MARK). */
export function prepared<T>(query: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(PREPARED_MARK)}${query}`;
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * A marked statement's name: a hash of its text, the same on every connection, worked out once
 * per text (a SHA-1 of a search's few kB on every query was 1.6% of a search's CPU). The texts are
 * the searches' shapes, a few dozen; the limit only bounds what odd inputs could add.
 */
const preparedName = memo(
  (text: string) => "s" + crypto.createHash("sha1").update(text).digest("base64url"),
  500,
);

/** Makes a pool's connections run the marked statements as named prepared statements. */
function preparingMarkedStatements(pool: pg.Pool): void {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as QueryFn;
    const names = new Set<string>();
    (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text !== "string" || !Array.isArray(values) || !text.startsWith(PREPARED_MARK))
        return query(...args);
      const name = preparedName(text);
      if (!names.has(name)) {
        if (names.size >= MAX_PREPARED_PER_CONNECTION) return query(...args);
        names.add(name);
      }
      return query({ name, text, values }, ...args.slice(2));
    };
  });
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, options.schema);
  return openPglite(options.pgliteDir ?? "memory://");
}

async function openPostgres(url: string, max: number, schema?: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: 30_000,
    options: [
      `-c plan_cache_mode=${PLAN_CACHE_MODE}`,
      ...(schema ? [`-c search_path=${schema},public`] : []),
    ].join(" "),
  });
  preparingMarkedStatements(pool);
  pool.on("error", () => {
    /* an idle client died; the pool replaces it */
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  registerPostgresCopy(db, pool);
  const u = new URL(url);
  return {
    db,
    pool,
    kind: "postgres",
    describe: `postgresql://${u.host}${u.pathname}`,
    close: () => db.destroy(),
  };
}

/**
 * PGlite runs PostgreSQL inside this process's memory, and WebAssembly memory never shrinks: the
 * default 128 MB of shared buffers, once filled by a few minutes of searches, stay in the server's
 * resident memory for good (issue 18's soak: 404 MB idle, 554 MB after load). With 32 MB the
 * rest of a busy database is read through the operating system's file cache, which is shared and
 * given back under pressure. Decision 0219.
 */
const PGLITE_CONF = ["shared_buffers = 32MB", `plan_cache_mode = ${PLAN_CACHE_MODE}`];

/** PGlite's modules, loaded only by a process that opens an embedded database (decision 0246). */
async function loadPglite() {
  const [{ PGlite }, { pg_trgm }, { createPgConfig }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("@electric-sql/pglite/node-postgres"),
  ]);
  return { PGlite, pg_trgm, createPgConfig };
}

async function openPglite(dir: string): Promise<DatabaseHandle> {
  const { PGlite, pg_trgm, createPgConfig } = await loadPglite();
  const inMemory = dir.startsWith("memory://");
  const release = inMemory ? () => {} : lockDataDir(dir);
  try {
    if (!inMemory) await createPgliteDataDir(dir);
    const pglite = await PGlite.create(inMemory ? undefined : dir, {
      extensions: { pg_trgm },
      postgresqlconf: PGLITE_CONF,
    });
    // PGlite is one connection; the pool hands it out one query or transaction at a time.
    const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1, idleTimeoutMillis: 0 });
    preparingMarkedStatements(pool);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    registerPgliteCopy(db, pool, pglite);
    return {
      db,
      pool,
      kind: "pglite",
      describe: inMemory ? "PGlite (in memory)" : `PGlite at ${dir}`,
      dumpDataDir: () => pglite.dumpDataDir("gzip"),
      close: async () => {
        try {
          await db.destroy();
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * Creating a PGlite database runs initdb, which needs ~650 MB on top of what opening an existing
 * database needs, and a process keeps that memory resident afterwards. A new data folder is
 * therefore made by a short-lived child process, and this process opens it like any existing
 * one: the server and the sync CLI stay within their memory budget on a first run too (decision
 * 0108). If the child cannot run, the folder is created here as before.
 */
async function createPgliteDataDir(dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  if (fs.existsSync(path.join(dir, "PG_VERSION"))) return;
  const create =
    "const { PGlite } = await import(process.argv[1]); const db = await PGlite.create(process.argv[2]); await db.close();";
  try {
    await promisify(execFile)(
      process.execPath,
      ["--input-type=module", "-e", create, import.meta.resolve("@electric-sql/pglite"), path.resolve(dir)],
      { timeout: 300_000 },
    );
  } catch {
    // PGlite.create() below makes the database in this process instead.
  }
}

/**
 * Makes an embedded data folder from a tarball made by `dumpDataDir` (a restore). The folder must
 * not exist yet.
 */
export async function loadPgliteDataDir(dir: string, tarball: Blob): Promise<void> {
  if (fs.existsSync(path.join(dir, "PG_VERSION"))) throw new Error(`${dir} already holds a database`);
  fs.mkdirSync(dir, { recursive: true });
  const release = lockDataDir(dir);
  try {
    const { PGlite, pg_trgm } = await loadPglite();
    const pglite = await PGlite.create(dir, { loadDataDir: tarball, extensions: { pg_trgm } });
    await pglite.close();
  } finally {
    release();
  }
}

/** The process holding an embedded data folder (the running server), or null. */
export function pgliteHolder(dir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.resolve(dir) + ".lock", "utf8"));
    return pid && pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

/** PGlite is single-process: a lock file stops a second process opening the same folder. */
function lockDataDir(dir: string): () => void {
  const lockFile = path.resolve(dir) + ".lock";
  fs.mkdirSync(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(fs.readFileSync(lockFile, "utf8"));
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dir} is in use by another process (pid ${pid}). ` +
            "Stop the server first, or set DATABASE_URL to use a PostgreSQL server.",
        );
      }
      fs.rmSync(lockFile, { force: true }); // stale lock from a process that died
    }
  }
  throw new DatabaseInUseError(`Could not lock the embedded database in ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
