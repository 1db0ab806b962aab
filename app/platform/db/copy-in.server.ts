/**
 * Bulk loading with COPY ... FROM STDIN on both databases (decision 0110). Kysely has no COPY, so
 * `openDatabase` registers, for each database it opens, how to run one:
 *  - PostgreSQL: pg-copy-streams on one pooled client;
 *  - PGlite: its node-postgres adapter cannot take COPY FROM STDIN (the WASM backend exits), so
 *    the same data is read from PGlite's /dev/blob device, while this code holds the pool's one
 *    connection: no other query can run in between, nor inside the transaction.
 * The data is COPY text format (tab-separated, \N for NULL, backslash escapes).
 */
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { PGlite } from "@electric-sql/pglite";
import { from as copyFrom } from "pg-copy-streams";
import type pg from "pg";
import type { Database } from "./database.server";

export interface CopyInOptions {
  table: string;
  columns: readonly string[];
  /** COPY text: one line per row, fields separated by tabs (or CSV with a header line, with `csv`). */
  data: Uint8Array;
  /** The data is a CSV file with a header line (COPY's own CSV reader: the benchmark's baseline). */
  csv?: boolean;
  /**
   * False: the commit does not wait for its WAL record to reach the disk (a crash may lose the
   * last batches, which a rerun loads again). For data such as an unlogged staging table.
   */
  synchronousCommit?: false;
  /**
   * Runs first, in the same transaction: the COPY runs only when it returns a row. Lock what the
   * condition reads (FOR SHARE) to keep it true until the COPY commits.
   */
  onlyIf?: { sql: string; parameters: readonly unknown[] };
}

/** A COPY's count of rows written; null when `onlyIf` found no row (nothing was written). */
type CopyRunner = (options: CopyInOptions) => Promise<number | null>;

const runners = new WeakMap<object, CopyRunner>();
/** The databases opened on the embedded PGlite (one process, its memory counted in ours). */
const embedded = new WeakSet<object>();

/**
 * True for a database opened on the embedded PGlite: its server runs in this process, so its
 * working memory is this process's memory (the import sizes its sort and index-build memory by it).
 */
export function isEmbeddedDatabase(db: Database): boolean {
  return embedded.has(db);
}

/** Loads rows with COPY in one transaction; null when `onlyIf` found no row (nothing written). */
export async function copyIn(db: Database, options: CopyInOptions): Promise<number | null> {
  const run = runners.get(db);
  if (!run) throw new Error("COPY needs a database opened by openDatabase (not a transaction)");
  return run(options);
}

export function registerPostgresCopy(db: Database, pool: pg.Pool): void {
  runners.set(db, (options) =>
    inTransaction(pool, options, async (client) => {
      const stream = client.query(copyFrom(copyStatement(options, "STDIN")));
      await pipeline(Readable.from([options.data]), stream);
      return stream.rowCount;
    }),
  );
}

export function registerPgliteCopy(db: Database, pool: pg.Pool, pglite: PGlite): void {
  embedded.add(db);
  runners.set(db, (options) =>
    inTransaction(pool, options, async () => {
      const result = await pglite.query(copyStatement(options, "'/dev/blob'"), [], {
        blob: new Blob([options.data as Uint8Array<ArrayBuffer>]),
      });
      return result.affectedRows ?? 0;
    }),
  );
}

function copyStatement(options: CopyInOptions, from: string): string {
  const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const format = options.csv ? " WITH (FORMAT csv, HEADER)" : "";
  return `COPY ${ident(options.table)} (${options.columns.map(ident).join(", ")}) FROM ${from}${format}`;
}

async function inTransaction(
  pool: pg.Pool,
  options: CopyInOptions,
  copy: (client: pg.PoolClient) => Promise<number>,
): Promise<number | null> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    try {
      if (options.synchronousCommit === false) await client.query("SET LOCAL synchronous_commit = off");
      if (options.onlyIf) {
        const found = await client.query(options.onlyIf.sql, [...options.onlyIf.parameters]);
        if (found.rows.length === 0) {
          await client.query("ROLLBACK");
          return null;
        }
      }
      const rows = await copy(client);
      await client.query("COMMIT");
      return rows;
    } catch (error) {
      await client.query("ROLLBACK").catch((rollback: Error) => (broken = rollback));
      throw error;
    }
  } finally {
    client.release(broken);
  }
}
