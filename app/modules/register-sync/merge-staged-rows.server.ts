/**
 * Merges the staged rows of a run into directory_entries. Runs inside the caller's transaction
 * (all or nothing). Unchanged rows (every register field the same, still on the register) are not
 * written at all, so they keep their updated_at. Claimed-listing data lives in claimed_listings and is never
 * touched; is_claimed is not in the column list, so it is never reset.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { REGISTER_FIELDS } from "./register-fields";
import { removalLimit, tooManyRemovalsReason } from "./removal-guard";

/** What the merge writes: every register field but the key. */
const COLUMNS = REGISTER_FIELDS.filter((f) => f !== "registration_number");

/**
 * True when the staged row `s` differs from the directory's row `d` in any register field
 * (decision 0231: the fields themselves, compared in SQL, where a hash of them was before).
 */
function fieldsDiffer(d: string, s: string) {
  const side = (alias: string) => sql.join(COLUMNS.map((c) => sql.ref(`${alias}.${c}`)));
  return sql<boolean>`(${side(d)}) IS DISTINCT FROM (${side(s)})`;
}

export interface MergeCounts {
  added: number;
  updated: number;
  removed: number;
  /** Registrations a full sync held instead of removing (decision 0279), and why. */
  held: number;
  heldReason: string | null;
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
  /**
   * Remove every registration missing from the source, however many (the administrator said the
   * source is the whole register). Rejected rows' registrations are still kept.
   */
  applyRemovals?: boolean;
  /** Hold every removal, with this reason (rejected rows whose numbers were not all recorded). */
  holdRemovals?: (held: number) => string;
  /** Bulk mode when at least this many rows change and they are a quarter of the table or more. */
  bulkThreshold?: number;
  /** False when the staging table holds each registration number once (no DISTINCT ON needed). */
  hasDuplicates?: boolean;
  /** Filled with how long each step took (ms), for the summary and the benchmark. */
  timings?: Record<string, number>;
  /**
   * The server's working memory for the merge's sorts, hashes and transition table, and for the
   * index rebuild: smaller on the embedded PGlite, whose memory is the importing process's.
   */
  memory?: MergeMemory;
}

export interface MergeMemory {
  workMem: string;
  maintenanceWorkMem: string;
}

/**
 * On a PostgreSQL server: the name-words trigger's transition table of a first import (300,000
 * whole rows, about 150 MB) and the sorts stay in memory instead of spilling to temporary files,
 * and the trigram index is built in fewer passes (2.9 s against 2.0 s at 300,000 rows). Session
 * settings of the merge's transaction only (set_config(..., true): SET LOCAL).
 */
export const SERVER_MERGE_MEMORY: MergeMemory = { workMem: "256MB", maintenanceWorkMem: "256MB" };
/** On PGlite (the importing process's own memory, decision 0110's peak RSS target). */
export const EMBEDDED_MERGE_MEMORY: MergeMemory = { workMem: "64MB", maintenanceWorkMem: "128MB" };

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
  const memory = options.memory ?? EMBEDDED_MERGE_MEMORY;
  // Sorts and hashes of 300,000+ rows (DISTINCT ON, joins, the name-words trigger's DISTINCT)
  // stay in memory instead of spilling to disk: twice as fast on PGlite.
  await sql`SELECT set_config('work_mem', ${memory.workMem}, true)`.execute(trx);
  const { rows } = await sql<{ n: number; on_register: number }>`
    SELECT count(*)::int AS n, count(*) FILTER (WHERE on_register)::int AS on_register FROM directory_entries`.execute(
    trx,
  );
  const existing = Number(rows[0]?.n ?? 0);
  const onRegister = Number(rows[0]?.on_register ?? 0);
  // The joins below need the staged numbers' statistics only (not every column's).
  if (existing > 0) await sql`ANALYZE register_staging (registration_number)`.execute(trx);
  const { changing, missing } =
    existing === 0
      ? { changing: await countStagedNumbers(trx, hasDuplicates), missing: 0 }
      : await countChanges(trx, hasDuplicates);
  const removals =
    options.removeMissing && missing > 0
      ? await decideRemovals(trx, syncId, missing, onRegister, options)
      : { removing: 0, held: 0, heldReason: null };
  const { removing } = removals;
  // Bulk: the rows written (added, changed and removed) are many and a quarter of the table or more.
  const writes = changing + removing;
  const bulk = writes >= (options.bulkThreshold ?? 20_000) && writes * 4 >= existing;
  const indexes = bulk ? await dropSecondaryIndexes(trx) : [];
  step("compare");
  let added = 0;
  let updated = 0;
  if (changing > 0) {
    if (existing === 0) added = await insertStagedRows(trx, syncId, hasDuplicates);
    else ({ added, updated } = await upsertStagedRows(trx, syncId, hasDuplicates, bulk));
    step("write");
  }
  // Nothing to mark when every registration on the register is in the source (counted above).
  // Before the indexes are rebuilt: the rows marked are then not written into every index twice
  // (151,000 removals after the rebuild took 5.7 s at 300,000 rows).
  const removed = removing > 0 ? await markMissingRemoved(trx, syncId) : 0;
  if (removals.held > 0) await holdMissing(trx, syncId);
  if (removing > 0 || removals.held > 0) step("remove");
  if (indexes.length) {
    await sql`SELECT set_config('maintenance_work_mem', ${memory.maintenanceWorkMem}, true)`.execute(trx);
    for (const def of indexes) await sql.raw(def).execute(trx);
    step("indexes");
  }
  return { added, updated, removed, held: removals.held, heldReason: removals.heldReason };
}

/**
 * Whether the registrations missing from a full source are removed or held (decision 0279). The
 * join above counted them with the rejected rows' registrations; within the limit they are removed
 * at once (the removal leaves the rejected ones), otherwise they are counted without those first.
 */
async function decideRemovals(
  trx: Database,
  syncId: number,
  missing: number,
  onRegister: number,
  options: MergeOptions,
): Promise<{ removing: number; held: number; heldReason: string | null }> {
  const limit = removalLimit(onRegister);
  if (!options.holdRemovals && (options.applyRemovals || missing <= limit))
    return { removing: missing, held: 0, heldReason: null };
  const removable = await countRemovable(trx, syncId);
  if (removable === 0) return { removing: 0, held: 0, heldReason: null };
  if (options.holdRemovals)
    return { removing: 0, held: removable, heldReason: options.holdRemovals(removable) };
  if (options.applyRemovals || removable <= limit) return { removing: removable, held: 0, heldReason: null };
  return { removing: 0, held: removable, heldReason: tooManyRemovalsReason(removable, onRegister) };
}

/**
 * Registrations on the register that the (full) source no longer holds, but those whose row the
 * sync rejected (a row it could not import is no sign the registration has gone).
 */
const missingFromSource = (syncId: number) => sql<boolean>`d.on_register
  AND NOT EXISTS (SELECT 1 FROM register_staging s WHERE s.registration_number = d.registration_number)
  AND NOT EXISTS (
    SELECT 1 FROM sync_rejections r WHERE r.sync_id = ${syncId}::bigint AND r.registration_number = d.registration_number)`;

async function countRemovable(trx: Database, syncId: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM directory_entries d WHERE ${missingFromSource(syncId)}`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/** The registrations missing from the source: on_register = false. */
async function markMissingRemoved(trx: Database, syncId: number): Promise<number> {
  const result = await sql`
    UPDATE directory_entries d
    SET on_register = false, removed_at = now(), updated_at = now(), last_sync_id = ${syncId}::bigint
    WHERE ${missingFromSource(syncId)}`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** The registrations missing from the source, kept for an administrator to confirm (decision 0279). */
async function holdMissing(trx: Database, syncId: number): Promise<number> {
  const result = await sql`
    INSERT INTO sync_held_removals (sync_id, registration_number)
    SELECT ${syncId}::bigint, d.registration_number FROM directory_entries d
    WHERE ${missingFromSource(syncId)}`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

async function countStagedNumbers(trx: Database, hasDuplicates: boolean): Promise<number> {
  const { rows } = hasDuplicates
    ? await sql<{
        n: number;
      }>`SELECT count(DISTINCT registration_number)::int AS n FROM register_staging`.execute(trx)
    : await sql<{ n: number }>`SELECT count(*)::int AS n FROM register_staging`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The staged rows in registration-number order (the later line of a duplicate number): the
 * primary key is then filled from left to right, page after page, instead of at random places
 * (with the larger work_mem, a first import's insert took 5.0 s instead of 6.5 s at 300,000 rows).
 */
function orderedStagedRows(hasDuplicates: boolean) {
  return hasDuplicates
    ? sql`SELECT DISTINCT ON (registration_number) * FROM register_staging ORDER BY registration_number, line_number DESC`
    : sql`SELECT * FROM register_staging ORDER BY registration_number`;
}

/** First import into an empty directory: a plain insert (no conflicts possible). */
async function insertStagedRows(trx: Database, syncId: number, hasDuplicates: boolean): Promise<number> {
  const cols = sql.join(COLUMNS.map((c) => sql.ref(c)));
  const result = await sql`
    INSERT INTO directory_entries (registration_number, ${cols}, last_sync_id)
    SELECT registration_number, ${cols}, ${syncId}::bigint FROM (${orderedStagedRows(hasDuplicates)}) src`.execute(
    trx,
  );
  return Number(result.numAffectedRows ?? 0);
}

/**
 * In one join of the staged rows with the directory: the staged registrations that are new,
 * changed, or back on the register, and the registrations on the register the source no longer
 * holds (so that an unchanged register needs neither the write nor the removal's own join).
 */
async function countChanges(
  trx: Database,
  hasDuplicates: boolean,
): Promise<{ changing: number; missing: number }> {
  const changed = sql`s.registration_number IS NOT NULL
    AND (d.registration_number IS NULL OR ${fieldsDiffer("d", "s")} OR NOT d.on_register)`;
  const { rows } = await sql<{ changing: number; missing: number }>`
    SELECT ${
      hasDuplicates
        ? sql`count(DISTINCT s.registration_number) FILTER (WHERE ${changed})`
        : sql`count(*) FILTER (WHERE ${changed})`
    }::int AS changing,
      count(*) FILTER (WHERE s.registration_number IS NULL AND d.on_register)::int AS missing
    FROM register_staging s
    FULL JOIN directory_entries d ON d.registration_number = s.registration_number`.execute(trx);
  return { changing: Number(rows[0]?.changing ?? 0), missing: Number(rows[0]?.missing ?? 0) };
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
  ordered: boolean,
): Promise<{ added: number; updated: number }> {
  const cols = sql.join(COLUMNS.map((c) => sql.ref(c)));
  const sets = sql.join(COLUMNS.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`));
  const upsert = await sql<{ added: number; updated: number }>`
    WITH src AS (
      ${hasDuplicates || ordered ? orderedStagedRows(hasDuplicates) : sql`SELECT * FROM register_staging`}
    ), up AS (
      INSERT INTO directory_entries AS d (registration_number, ${cols}, last_sync_id, on_register, removed_at)
      SELECT registration_number, ${cols}, ${syncId}::bigint, true, NULL FROM src
      ON CONFLICT (registration_number) DO UPDATE SET
        ${sets}, last_sync_id = excluded.last_sync_id, on_register = true, removed_at = NULL, updated_at = now()
      WHERE ${fieldsDiffer("d", "excluded")} OR NOT d.on_register
      RETURNING (xmax = 0) AS added
    )
    SELECT (count(*) FILTER (WHERE added))::int AS added, (count(*) FILTER (WHERE NOT added))::int AS updated FROM up
  `.execute(trx);
  const counts = upsert.rows[0];
  return { added: Number(counts?.added ?? 0), updated: Number(counts?.updated ?? 0) };
}
