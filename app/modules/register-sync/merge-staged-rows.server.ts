/**
 * Merges the staged rows of a run into directory_entries. Runs inside the caller's transaction
 * (all or nothing). Unchanged rows (same row_hash, still on the register) are not written at all,
 * so they keep their updated_at. Claimed-listing data lives in claimed_listings and is never
 * touched; is_claimed is not in the column list, so it is never reset.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { REGISTER_FIELDS } from "./register-fields";

/** What the merge writes: every register field but the key, and the row's hash. */
const COLUMNS = [...REGISTER_FIELDS.filter((f) => f !== "registration_number"), "row_hash"] as const;

export interface MergeCounts {
  added: number;
  updated: number;
  removed: number;
}

/**
 * Later lines win over earlier lines with the same registration number; the earlier ones are
 * recorded as rejected duplicates. Returns how many were. Written only while the run's log is
 * 'running' (a cleared run must not read a newer run's staged rows into its own rejections).
 */
export async function rejectDuplicates(db: Database, syncId: number): Promise<number> {
  const result = await sql`
    INSERT INTO sync_rejections (sync_id, line_number, registration_number, reason)
    SELECT ${syncId}::bigint, line_number, registration_number,
           'duplicate registration number: the row on line ' || kept || ' is used'
    FROM (
      SELECT line_number, registration_number,
             max(line_number) OVER (PARTITION BY registration_number) AS kept
      FROM register_staging
    ) ranked
    WHERE line_number < kept
      AND EXISTS (SELECT 1 FROM sync_log WHERE id = ${syncId}::bigint AND status = 'running')`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export interface MergeOptions {
  removeMissing: boolean;
  /** Bulk mode when at least this many rows change and they are a quarter of the table or more. */
  bulkThreshold?: number;
  /** False when the staging table holds each registration number once (no DISTINCT ON needed). */
  hasDuplicates?: boolean;
  /** Filled with how long each step took (ms), for the summary and the benchmark. */
  timings?: Record<string, number>;
}

export async function mergeStagedRows(
  trx: Database,
  syncId: number,
  options: MergeOptions,
): Promise<MergeCounts> {
  const hasDuplicates = options.hasDuplicates ?? true;
  const timings = options.timings ?? {};
  let mark = Date.now();
  const step = (name: string) => {
    const now = Date.now();
    timings[name] = (timings[name] ?? 0) + now - mark;
    mark = now;
  };
  // Sorts and hashes of 300,000+ rows (DISTINCT ON, joins, the name-words trigger's DISTINCT)
  // stay in memory instead of spilling to disk: twice as fast on PGlite.
  await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM directory_entries`.execute(trx);
  const existing = Number(rows[0]?.n ?? 0);
  if (existing > 0) await sql`ANALYZE register_staging`.execute(trx); // for the joins below
  const changing =
    existing === 0 ? await countStagedNumbers(trx, hasDuplicates) : await countChangingRows(trx);
  let added = 0;
  let updated = 0;
  if (changing > 0) {
    const bulk = changing >= (options.bulkThreshold ?? 20_000) && changing * 4 >= existing;
    const indexes = bulk ? await dropSecondaryIndexes(trx) : [];
    step("compare");
    if (existing === 0) added = await insertStagedRows(trx, syncId, hasDuplicates);
    else ({ added, updated } = await upsertStagedRows(trx, syncId, hasDuplicates));
    step("write");
    if (indexes.length) {
      await sql`SET LOCAL maintenance_work_mem = '128MB'`.execute(trx);
      for (const def of indexes) await sql.raw(def).execute(trx);
      step("indexes");
    }
  }

  let removed = 0;
  if (options.removeMissing && existing > 0) {
    const result = await sql`
      UPDATE directory_entries d
      SET on_register = false, removed_at = now(), updated_at = now(), last_sync_id = ${syncId}::bigint
      WHERE d.on_register
        AND NOT EXISTS (SELECT 1 FROM register_staging s WHERE s.registration_number = d.registration_number)`.execute(
      trx,
    );
    removed = Number(result.numAffectedRows ?? 0);
    step("remove");
  }
  return { added, updated, removed };
}

async function countStagedNumbers(trx: Database, hasDuplicates: boolean): Promise<number> {
  const { rows } = hasDuplicates
    ? await sql<{
        n: number;
      }>`SELECT count(DISTINCT registration_number)::int AS n FROM register_staging`.execute(trx)
    : await sql<{ n: number }>`SELECT count(*)::int AS n FROM register_staging`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/** First import into an empty directory: a plain insert (no conflicts possible). */
async function insertStagedRows(trx: Database, syncId: number, hasDuplicates: boolean): Promise<number> {
  const cols = sql.join(COLUMNS.map((c) => sql.ref(c)));
  const result = await sql`
    INSERT INTO directory_entries (registration_number, ${cols}, last_sync_id)
    SELECT registration_number, ${cols}, ${syncId}::bigint FROM (
      ${
        hasDuplicates
          ? sql`SELECT DISTINCT ON (registration_number) * FROM register_staging ORDER BY registration_number, line_number DESC`
          : sql`SELECT * FROM register_staging`
      }
    ) src`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** Staged registrations that are new, changed, or back on the register. */
async function countChangingRows(trx: Database): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(DISTINCT s.registration_number)::int AS n
    FROM register_staging s
    LEFT JOIN directory_entries d ON d.registration_number = s.registration_number
    WHERE d.registration_number IS NULL OR d.row_hash IS DISTINCT FROM s.row_hash OR NOT d.on_register`.execute(
    trx,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Building an index from sorted data is many times faster than inserting hundreds of thousands
 * of rows into it one by one (the GIN trigram index most of all). For a bulk change the merge
 * drops the table's secondary indexes (whoever defined them) and rebuilds them from their own
 * definitions, inside the same transaction: a failure rolls the drop back too.
 */
async function dropSecondaryIndexes(trx: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string; def: string }>`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i
    WHERE i.indrelid = 'directory_entries'::regclass
      AND NOT i.indisprimary AND NOT i.indisunique
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
    ORDER BY i.indexrelid`.execute(trx);
  for (const r of rows) await sql`DROP INDEX ${sql.raw(r.name)}`.execute(trx);
  return rows.map((r) => r.def);
}

async function upsertStagedRows(
  trx: Database,
  syncId: number,
  hasDuplicates: boolean,
): Promise<{ added: number; updated: number }> {
  const cols = sql.join(COLUMNS.map((c) => sql.ref(c)));
  const sets = sql.join(COLUMNS.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`));
  const upsert = await sql<{ added: number; updated: number }>`
    WITH src AS (
      ${
        hasDuplicates
          ? sql`SELECT DISTINCT ON (registration_number) * FROM register_staging ORDER BY registration_number, line_number DESC`
          : sql`SELECT * FROM register_staging`
      }
    ), up AS (
      INSERT INTO directory_entries AS d (registration_number, ${cols}, last_sync_id, on_register, removed_at)
      SELECT registration_number, ${cols}, ${syncId}::bigint, true, NULL FROM src
      ON CONFLICT (registration_number) DO UPDATE SET
        ${sets}, last_sync_id = excluded.last_sync_id, on_register = true, removed_at = NULL, updated_at = now()
      WHERE d.row_hash IS DISTINCT FROM excluded.row_hash OR NOT d.on_register
      RETURNING (xmax = 0) AS added
    )
    SELECT (count(*) FILTER (WHERE added))::int AS added, (count(*) FILTER (WHERE NOT added))::int AS updated FROM up
  `.execute(trx);
  const counts = upsert.rows[0];
  return { added: Number(counts?.added ?? 0), updated: Number(counts?.updated ?? 0) };
}
