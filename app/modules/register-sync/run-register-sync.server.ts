/**
 * One register sync run, all or nothing:
 *  1. a sync_log row 'running' (the unique index sync_log_one_running refuses a second run);
 *  2. stream the source, validate each row, write valid rows in batches to the unlogged staging
 *     table and rejected rows (line + reason) to sync_rejections; progress every 2 s;
 *  3. merge staging into directory_entries, rebuild the places derived from it (postcode and
 *     town centroids for the distance search, decision 0214) and write the success log in ONE
 *     short transaction.
 * Any failure before the commit leaves directory_entries exactly as it was and logs the error.
 *
 * Dead, stale and cleared runs (decisions 0109, 0802): every beat moves `alive_at` (the process
 * is alive), `heartbeat_at` moves only when rows or bytes progressed since the last beat; a run
 * whose process died, or one stuck on a hung source, goes quiet and the watchdog
 * (fail-stale-syncs.server.ts) marks it failed. A run whose log stops being 'running' (the
 * watchdog, or 'Clear Stuck Syncs') notices within a beat or a batch, even while waiting on a slow
 * source, and stops without writing anything more. A run started after it waits (in this process)
 * until the old run is gone; across processes every write of the old run is conditional on its
 * log still being 'running', and the merge re-checks it under a row lock.
 */
import { sql } from "kysely";
import { directoryChanged } from "~/modules/directory/directory-changed.server";
import { hasPlaces, rebuildPlaces } from "~/modules/directory/places.server";
import { isEmbeddedDatabase } from "~/platform/db/copy-in.server";
import type { Database } from "~/platform/db/database.server";
import type { SyncTrigger } from "~/platform/db/schema";
import type { Logger } from "~/platform/logger.server";
import { failStaleSyncs } from "./fail-stale-syncs.server";
import { markSyncRunAlive } from "./live-sync-runs.server";
import {
  EMBEDDED_MERGE_MEMORY,
  mergeStagedRows,
  rejectDuplicates,
  SERVER_MERGE_MEMORY,
} from "./merge-staged-rows.server";
import { openRegisterSource, type RegisterSource } from "./open-register-source.server";
import { MISSING_EXPIRY_REASON } from "./normalise-row";
import { readRejections, recordRejections, type Rejection } from "./record-rejections.server";
import { redactError, redactSource, redactSourceIn } from "./redact-source";
import type { SourceLimits } from "./register-limits";
import { unrecordedRejectionsReason } from "./removal-guard";
import { clearStaging, stageRegisterRows } from "./stage-register-rows.server";
import type { CopyBatch } from "./staging-batch";
import { StagingWorker } from "./staging-worker.server";
import { CLEARED_MESSAGE } from "./sync-messages";

export interface RunRegisterSyncOptions {
  /** A file path or an http(s) URL: CSV (EA export or public register), JSON, or a ZIP of one. */
  source: string;
  /**
   * How the source is named in the sync log, when not by its path (an uploaded file's name). By
   * default the source without its secrets (a URL's user:password and query values; decision 0264).
   */
  sourceLabel?: string;
  trigger?: SyncTrigger;
  /**
   * Full source: registrations on the directory but not in the source are marked
   * on_register = false (never deleted). Off by default; on for full syncs (CLI, job, schedule).
   */
  removeMissing?: boolean;
  /**
   * With removeMissing: remove the registrations missing from the source however many they are
   * (an administrator checked that the source is the whole register). Without it a full sync that
   * would remove more than a small share of the register holds them instead (decision 0279).
   */
  applyRemovals?: boolean;
  log?: Pick<Logger, "info" | "warn" | "error">;
  signal?: AbortSignal;
  /** Called after every batch (and at the end of streaming). */
  onProgress?: (progress: SyncProgress) => void;
  /** Running syncs that made no progress for this long are marked failed first (default 30 min). */
  staleAfterMs?: number;
  /** The register-sync job running this sync (failed with it if its process dies). */
  jobId?: string;
  /** Rows staged per COPY (BATCH_ROWS by default). */
  batchSize?: number;
  /** How often progress is written and the run's own log status checked (default 2 s). */
  heartbeatMs?: number;
  /** Source caps (register-limits.ts); tests lower them. */
  sourceLimits?: Partial<SourceLimits>;
}

export interface SyncProgress {
  syncId: number;
  processed: number;
  rejected: number;
  bytesRead: number;
  bytesTotal: number | null;
}

export interface SyncSummary {
  syncId: number;
  source: string;
  processed: number;
  added: number;
  updated: number;
  unchanged: number;
  rejected: number;
  removed: number;
  /** Registrations missing from a full source that were held instead of removed, and why. */
  held: number;
  heldReason: string | null;
  durationMs: number;
  /** Time spent reading + staging the source, and merging it (ms), and the merge's steps. */
  phases: { streamMs: number; mergeMs: number; steps: Record<string, number> };
  /** The first rejected rows, in line order (all of them are in sync_rejections). */
  rejections: Rejection[];
}

export class SyncAlreadyRunningError extends Error {
  constructor(since?: Date) {
    super(
      `A register sync is already running${since ? ` (started ${since.toISOString()})` : ""}. ` +
        "Wait for it to finish, or clear it if it is stuck.",
    );
  }
}

/**
 * The run's log was set to error while it ran ('Clear Stuck Syncs', or the watchdog found it
 * stale): it stops and changes nothing.
 */
export class SyncClearedError extends Error {
  constructor(logMessage?: string | null) {
    super(
      !logMessage || logMessage === CLEARED_MESSAGE
        ? "The sync was cleared by an administrator while it was running"
        : /no sign of life/.test(logMessage)
          ? "The sync was marked as failed while it was running (no heartbeat for too long)"
          : "The sync was marked as failed while it was running (no progress for too long)",
    );
  }
}

export class SyncFailedError extends Error {
  constructor(
    message: string,
    readonly syncId: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** At most this many rejections are stored per run (all are counted). */
export const MAX_STORED_REJECTIONS = 10_000;
const HEARTBEAT_MS = 2_000;
/**
 * Rows staged per COPY: each COPY is a transaction of its own with the run's status checked in
 * it; at 20,000 rows (about 4 MB of COPY text) those round trips are a small part of the time.
 */
const BATCH_ROWS = 20_000;
/** How long a new run waits for an older run of this process (cleared, stopping) to be gone. */
const EARLIER_RUN_WAIT_MS = 60_000;

/** Runs of this process that have not returned yet. */
const aliveRuns = new Set<Promise<void>>();

export async function runRegisterSync(db: Database, options: RunRegisterSyncOptions): Promise<SyncSummary> {
  const earlier = [...aliveRuns];
  let gone!: () => void;
  const alive = new Promise<void>((resolve) => (gone = resolve));
  aliveRuns.add(alive);
  try {
    return await runOnce(db, options, earlier);
  } finally {
    aliveRuns.delete(alive);
    gone();
  }
}

/** What one run carries from step to step: its identity, its counters and how it stops. */
interface RunState {
  readonly db: Database;
  readonly options: RunRegisterSyncOptions;
  readonly syncId: number;
  readonly source: string;
  readonly started: number;
  /**
   * Stops the source at once: the caller's signal (the process is stopping), or the run's log is
   * no longer 'running' (cleared by an admin, or failed as stale by the watchdog).
   */
  readonly stop: AbortController;
  readonly firstRejections: Rejection[];
  /** A registration number may appear twice in the source (the worker's seen-numbers.ts). */
  maybeDuplicates: boolean;
  processed: number;
  rejectedCount: number;
  storedRejections: number;
  /** Upper tier rows rejected for want of an expiry date (MISSING_EXPIRY_REASON). */
  missingExpiry: number;
  bytesRead: number;
  downloaded: number;
  bytesTotal: number | null;
  reader: RegisterSource | undefined;
  cleared: boolean;
}

/** The run's heartbeat timer: `stop` also waits for a beat in flight. */
interface Heartbeat {
  stop(): Promise<void>;
  clear(): void;
}

/** What the merge transaction counted. */
interface MergeOutcome {
  added: number;
  updated: number;
  removed: number;
  held: number;
  heldReason: string | null;
  unchanged: number;
  durationMs: number;
}

async function runOnce(
  db: Database,
  options: RunRegisterSyncOptions,
  earlier: Promise<void>[],
): Promise<SyncSummary> {
  const started = Date.now();
  const source = options.sourceLabel ?? redactSource(options.source);
  await failStaleSyncs(db, options.staleAfterMs ?? 30 * 60_000);
  const syncId = await startSyncLog(
    db,
    source,
    options.trigger ?? "manual",
    options.jobId,
    options.removeMissing ?? false,
  );
  const gone = markSyncRunAlive(syncId);
  options.log?.info({ syncId, source }, "register sync started");

  const stop = new AbortController();
  const onAbort = () => stop.abort(options.signal?.reason);
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener("abort", onAbort, { once: true });

  const run: RunState = {
    db,
    options,
    syncId,
    source,
    started,
    stop,
    firstRejections: [],
    maybeDuplicates: false,
    processed: 0,
    rejectedCount: 0,
    storedRejections: 0,
    missingExpiry: 0,
    bytesRead: 0,
    downloaded: 0,
    bytesTotal: null,
    reader: undefined,
    cleared: false,
  };
  const heartbeat = startHeartbeat(run);
  try {
    return await syncAndMerge(run, earlier, heartbeat);
  } catch (caught) {
    throw await failure(run, caught, heartbeat);
  } finally {
    heartbeat.clear();
    gone();
    options.signal?.removeEventListener("abort", onAbort);
  }
}

/** The run's log is no longer 'running': stop the source (once). */
function noticeCleared(run: RunState, logMessage?: string | null): void {
  if (run.cleared) return;
  run.cleared = true;
  run.stop.abort(new SyncClearedError(logMessage));
}

/**
 * Heartbeat: progress and the run's own status every beat, from a timer, so `alive_at` moves
 * every beat while the process is alive, however slow the source; heartbeat_at moves only when
 * rows or bytes progressed since the last beat that moved it (a stuck run goes stale).
 */
function startHeartbeat(run: RunState): Heartbeat {
  let beat: Promise<void> | undefined;
  const lastBeat = { processed: 0, bytes: 0 };
  const timer = setInterval(() => {
    if (beat) return; // the previous beat is still waiting for the database
    beat = beatOnce(run, lastBeat)
      .catch(() => undefined)
      .finally(() => (beat = undefined));
  }, run.options.heartbeatMs ?? HEARTBEAT_MS);
  return {
    stop: async () => {
      clearInterval(timer);
      await beat;
    },
    clear: () => clearInterval(timer),
  };
}

/** One beat: writes the progress; notices a cleared run. */
async function beatOnce(run: RunState, lastBeat: { processed: number; bytes: number }): Promise<void> {
  run.bytesRead = run.reader ? run.reader.bytesRead() : run.downloaded;
  const progressed = run.processed !== lastBeat.processed || run.bytesRead !== lastBeat.bytes;
  const result = await run.db
    .updateTable("sync_log")
    .set({
      alive_at: sql<Date>`now()`,
      ...(progressed ? { heartbeat_at: sql<Date>`now()` } : {}),
      records_processed: run.processed,
      records_rejected: run.rejectedCount,
      bytes_read: run.bytesRead,
      bytes_total: run.bytesTotal,
    })
    .where("id", "=", String(run.syncId))
    .where("status", "=", "running")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    noticeCleared(run, await logMessage(run.db, run.syncId));
    return;
  }
  if (progressed) {
    lastBeat.processed = run.processed;
    lastBeat.bytes = run.bytesRead;
  }
}

/** The run's steps in order: stream and stage the source, check duplicates, merge, announce. */
async function syncAndMerge(
  run: RunState,
  earlier: Promise<void>[],
  heartbeat: Heartbeat,
): Promise<SyncSummary> {
  await streamSource(run, earlier);
  await assertExpiryColumn(run);
  assertRowsToImport(run);
  const streamMs = Date.now() - run.started;
  const timer = stepTimer();
  const duplicates = run.maybeDuplicates ? await rejectDuplicates(run.db, run.syncId) : 0;
  timer.step("duplicates");
  // Every rejected row's number is recorded (duplicates always are), or removals wait (decision 0279).
  const unrecorded = run.rejectedCount > run.storedRejections;
  run.rejectedCount += duplicates;
  await heartbeat.stop();
  run.stop.signal.throwIfAborted();

  const merged = await mergeAndLogSuccess(run, duplicates, unrecorded, timer.steps);
  timer.restart();
  await announceChanges(run, merged);
  timer.step("analyze");
  if (duplicates > 0 && run.firstRejections.length < 20) {
    run.firstRejections.push(
      ...(await readRejections(
        run.db,
        run.syncId,
        20 - run.firstRejections.length,
        "duplicate registration number",
      )),
    );
  }
  const result: SyncSummary = {
    syncId: run.syncId,
    source: run.source,
    processed: run.processed,
    added: merged.added,
    updated: merged.updated,
    unchanged: merged.unchanged,
    rejected: run.rejectedCount,
    removed: merged.removed,
    held: merged.held,
    heldReason: merged.heldReason,
    durationMs: merged.durationMs,
    phases: { streamMs, mergeMs: Date.now() - run.started - streamMs, steps: timer.steps },
    rejections: run.firstRejections.sort((a, b) => a.line - b.line),
  };
  run.options.log?.info({ ...result, rejections: undefined }, "register sync finished");
  if (merged.held > 0)
    run.options.log?.warn({ syncId: run.syncId, held: merged.held }, merged.heldReason ?? "");
  return result;
}

/** Per-step timings of the merge phase (ms). */
function stepTimer() {
  const steps: Record<string, number> = {};
  let mark = Date.now();
  return {
    steps,
    step(name: string) {
      steps[name] = Date.now() - mark;
      mark = Date.now();
    },
    restart() {
      mark = Date.now();
    },
  };
}

/** Waits for older runs, empties the staging table, then reads, validates and stages the source. */
async function streamSource(run: RunState, earlier: Promise<void>[]): Promise<void> {
  if (earlier.length) await waitForEarlierRuns(earlier, run.stop.signal, run.options.log);
  run.stop.signal.throwIfAborted();
  await clearStaging(run.db);
  run.reader = await openRegisterSource(run.options.source, {
    signal: run.stop.signal,
    onDownload: (bytes) => (run.downloaded = bytes),
    limits: run.options.sourceLimits,
  });
  const src = run.reader;
  run.bytesTotal = src.bytesTotal;
  try {
    await stageItems(run, src);
  } finally {
    await src.close();
  }
}

/**
 * Reads and validates the source in a worker thread (staging-worker.server.ts, decision 0231) and
 * stages its batches, each written while the worker reads the next.
 */
async function stageItems(run: RunState, src: RegisterSource): Promise<void> {
  const reader = new StagingWorker(src.format, run.options.batchSize ?? BATCH_ROWS, (processed) => {
    run.processed = processed;
  });
  const writer = new BatchWriter(run, src);
  for await (const batch of reader.batches(src.bytes())) {
    for (const rejection of batch.rejections) writer.reject(rejection);
    await writer.flush(batch);
  }
  run.maybeDuplicates = reader.maybeDuplicates;
  await writer.flush(null);
}

/**
 * One batch is written while the worker reads the next (PostgreSQL works while the worker
 * parses); rejections are stored with the batch they came with.
 */
class BatchWriter {
  rejections: Rejection[] = [];
  private inflight: Promise<void> = Promise.resolve();
  /** The progress last reported (processed, rejected, bytes read). */
  private reported = "";
  private writeError: unknown;

  constructor(
    private readonly run: RunState,
    private readonly src: RegisterSource,
  ) {}

  /** Counts a rejected row; the first 20 go into the summary. */
  reject(r: Rejection): void {
    this.run.rejectedCount++;
    if (r.reason.startsWith(MISSING_EXPIRY_REASON)) this.run.missingExpiry++;
    this.rejections.push(r);
    if (this.run.firstRejections.length < 20) this.run.firstRejections.push(r);
  }

  /**
   * Hands the batch to the writer (after the previous one is written) and reports progress.
   * `null`: the source is read; waits for the last write (and checks a cleared run once more).
   */
  async flush(batch: CopyBatch | null): Promise<void> {
    const run = this.run;
    run.stop.signal.throwIfAborted();
    const room = MAX_STORED_REJECTIONS - run.storedRejections;
    const keep = room > 0 ? this.rejections.slice(0, room) : [];
    run.storedRejections += keep.length;
    this.rejections = [];
    await this.inflight;
    if (this.writeError) throw this.writeError;
    run.stop.signal.throwIfAborted();
    this.inflight = this.write(batch ?? EMPTY_BATCH, keep).catch((error: unknown) => {
      this.writeError = error;
    });
    if (batch === null) {
      await this.inflight;
      if (this.writeError) throw this.writeError;
      run.stop.signal.throwIfAborted();
    }
    run.bytesRead = this.src.bytesRead();
    const progress = `${run.processed} ${run.rejectedCount} ${run.bytesRead}`;
    if (progress === this.reported) return; // the source's end after its last batch: nothing new
    this.reported = progress;
    run.options.onProgress?.({
      syncId: run.syncId,
      processed: run.processed,
      rejected: run.rejectedCount,
      bytesRead: run.bytesRead,
      bytesTotal: run.bytesTotal,
    });
  }

  /**
   * The staging insert only writes while this run's log is 'running': no row written means the
   * run was cleared (checked at every batch; a batch of rejections only asks).
   */
  private async write(batch: CopyBatch, keep: Rejection[]): Promise<void> {
    const { db, syncId } = this.run;
    const staged = await stageRegisterRows(db, batch, syncId);
    if (batch.length > 0 ? staged === 0 : !(await stillRunning(db, syncId))) {
      noticeCleared(this.run, await logMessage(db, syncId));
      return;
    }
    await recordRejections(db, syncId, keep);
  }
}

const EMPTY_BATCH: CopyBatch = { length: 0, toCopyText: () => new Uint8Array(0) };

/**
 * Most upper tier rows without an expiry date: the source's expiry column is missing or renamed
 * (decision 0280). The run fails rather than import a register in which no upper tier registration
 * could be told valid. Asked only when such rows were rejected.
 */
async function assertExpiryColumn(run: RunState): Promise<void> {
  if (run.missingExpiry === 0) return;
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM register_staging WHERE registration_tier = 'UPPER'`.execute(run.db);
  const upper = Number(rows[0]?.n ?? 0) + run.missingExpiry;
  if (run.missingExpiry * 2 > upper) {
    throw new Error(
      `${run.missingExpiry.toLocaleString("en-GB")} of the ${upper.toLocaleString("en-GB")} upper tier rows have no expiry date: ` +
        "the source's expiry date column is missing, renamed or empty (expected 'Expiry date' or 'Renewal date'); nothing was imported",
    );
  }
}

/** A source with no valid row imports nothing: the run fails. */
function assertRowsToImport(run: RunState): void {
  if (run.processed - run.rejectedCount === 0) {
    throw new Error(
      run.processed === 0
        ? "The register source holds no rows: nothing was imported"
        : `Every row of the register source was rejected (${run.rejectedCount}): nothing was imported`,
    );
  }
}

/** Merges staging into directory_entries and writes the success log in ONE transaction. */
async function mergeAndLogSuccess(
  run: RunState,
  duplicates: number,
  unrecordedRejections: boolean,
  steps: Record<string, number>,
): Promise<MergeOutcome> {
  const { syncId } = run;
  return run.db.transaction().execute(async (trx) => {
    // Still ours? A run cleared while alive must not merge (the row lock also makes a
    // concurrent 'Clear Stuck Syncs' wait for this transaction and then find nothing running).
    const mine = await trx
      .selectFrom("sync_log")
      .select(["status", "error_message"])
      .where("id", "=", String(syncId))
      .forUpdate()
      .executeTakeFirst();
    if (mine?.status !== "running") {
      run.cleared = true;
      throw new SyncClearedError(mine?.error_message);
    }
    const counts = await mergeStagedRows(trx, syncId, {
      removeMissing: run.options.removeMissing ?? false,
      applyRemovals: run.options.applyRemovals ?? false,
      holdRemovals: unrecordedRejections
        ? (held) => unrecordedRejectionsReason(held, run.rejectedCount, run.storedRejections + duplicates)
        : undefined,
      hasDuplicates: duplicates > 0,
      timings: steps,
      memory: isEmbeddedDatabase(run.db) ? EMBEDDED_MERGE_MEMORY : SERVER_MERGE_MEMORY,
    });
    // The places (postcode, sector, district and town centroids) follow the register in the same
    // transaction, so a search never sees new rows with old places. Also when nothing changed but
    // the places are missing (a database migrated to 1030 after its last sync).
    if (counts.added + counts.updated + counts.removed > 0 || !(await hasPlaces(trx))) {
      steps.places = (await rebuildPlaces(trx)).ms;
    }
    const unchanged = run.processed - run.rejectedCount - counts.added - counts.updated;
    const durationMs = Date.now() - run.started;
    await trx
      .updateTable("sync_log")
      .set({
        status: "success",
        records_processed: run.processed,
        records_added: counts.added,
        records_updated: counts.updated,
        records_unchanged: unchanged,
        records_rejected: run.rejectedCount,
        records_removed: counts.removed,
        removals_held: counts.held,
        removals_held_reason: counts.heldReason,
        bytes_read: run.bytesRead,
        bytes_total: run.bytesTotal ?? run.bytesRead,
        duration_ms: durationMs,
        heartbeat_at: sql<Date>`now()`,
        alive_at: sql<Date>`now()`,
        finished_at: sql<Date>`now()`,
      })
      .where("id", "=", String(syncId))
      .execute();
    // Removals an earlier sync held no longer apply: the register has been read again since.
    await trx.deleteFrom("sync_held_removals").where("sync_id", "<>", String(syncId)).execute();
    // Emptied in the same transaction: once the log says 'success' and the next run may start,
    // this run never touches the staging table again.
    await clearStaging(trx);
    return { ...counts, unchanged, durationMs };
  });
}

/** After a merge that changed something: caches are told, planner statistics refreshed. */
async function announceChanges(run: RunState, merged: MergeOutcome): Promise<void> {
  if (merged.added + merged.updated + merged.removed > 0) {
    // Every instance's search, featured and page caches show the new register (decision 0013).
    await directoryChanged(run.db).catch((err: unknown) =>
      run.options.log?.warn({ err }, "could not announce the sync's changes"),
    );
    // Fresh planner statistics (also flushes GIN pending lists), then the visibility map set for
    // the rows just written (PGlite has no autovacuum, and PostgreSQL's comes later): until then
    // every index-only scan of the search reads each row from the table as well, which made a
    // search around Leeds four times slower (22 ms against 4.6 ms at 300,000 rows). ANALYZE goes
    // first: a VACUUM straight after the merge's commit left the map empty on PGlite, one after
    // ANALYZE's own commit fills it. VACUUM cannot run in a caller's transaction: it is skipped.
    await sql`ANALYZE directory_entries`.execute(run.db).catch(() => undefined);
    await sql`VACUUM directory_entries`.execute(run.db).catch(() => undefined);
  }
}

/** Stops the heartbeat, logs the failure and marks the run failed (unless cleared); the error to throw. */
async function failure(run: RunState, caught: unknown, heartbeat: Heartbeat): Promise<SyncFailedError> {
  const { options, syncId } = run;
  await heartbeat.stop();
  const error = run.cleared && !(caught instanceof SyncClearedError) ? run.stop.signal.reason : caught;
  // The message is stored, shown to every admin and logged: the source's secrets are masked in it,
  // and in the error logged and kept as the cause (decision 0264).
  const message = redactSourceIn(describeFailure(error, options.signal), options.source);
  const safeError = redactError(error, options.source);
  if (run.cleared || error instanceof SyncClearedError) {
    // The log already says why; the staging table may belong to a newer run: nothing is written.
    options.log?.warn({ syncId }, "register sync cleared while running; stopped without changes");
    return new SyncFailedError(message, syncId, { cause: safeError });
  }
  const marked = await failRun(run.db, syncId, {
    error_message: message,
    records_processed: run.processed,
    records_rejected: run.rejectedCount,
    bytes_read: run.bytesRead,
    bytes_total: run.bytesTotal,
    duration_ms: Date.now() - run.started,
  }).catch(() => true);
  if (!marked)
    options.log?.warn({ syncId }, "register sync failed after its log was marked failed; nothing written");
  options.log?.error({ syncId, err: safeError }, "register sync failed");
  return new SyncFailedError(message, syncId, { cause: safeError });
}

/** True while the run's log is 'running'. */
async function stillRunning(db: Database, syncId: number): Promise<boolean> {
  const row = await db
    .selectFrom("sync_log")
    .select("status")
    .where("id", "=", String(syncId))
    .executeTakeFirst();
  return row?.status === "running";
}

async function logMessage(db: Database, syncId: number): Promise<string | null> {
  const row = await db
    .selectFrom("sync_log")
    .select("error_message")
    .where("id", "=", String(syncId))
    .executeTakeFirst();
  return row?.error_message ?? null;
}

/**
 * Marks the run failed and empties the staging table, only while its log is still 'running'
 * (under the row lock: a clear or the watchdog cannot slip in between). False when the log had
 * already been marked: then the staging table may be a newer run's and is left alone.
 */
async function failRun(
  db: Database,
  syncId: number,
  fields: {
    error_message: string;
    records_processed: number;
    records_rejected: number;
    bytes_read: number;
    bytes_total: number | null;
    duration_ms: number;
  },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const mine = await trx
      .selectFrom("sync_log")
      .select("status")
      .where("id", "=", String(syncId))
      .forUpdate()
      .executeTakeFirst();
    if (mine?.status !== "running") return false;
    await clearStaging(trx);
    await trx
      .updateTable("sync_log")
      .set({
        status: "error",
        ...fields,
        heartbeat_at: sql<Date>`now()`,
        alive_at: sql<Date>`now()`,
        finished_at: sql<Date>`now()`,
      })
      .where("id", "=", String(syncId))
      .execute();
    return true;
  });
}

/**
 * An older run of this process whose log was cleared (that is why this run could start) stops
 * within a heartbeat; until it is gone this run does not touch the staging table. Bounded: the
 * database guards above keep the old run's writes out in any case.
 */
async function waitForEarlierRuns(
  earlier: Promise<void>[],
  signal: AbortSignal,
  log?: Pick<Logger, "info" | "warn" | "error">,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort = () => {};
  const outcome = await Promise.race([
    Promise.all(earlier).then(() => "gone" as const),
    new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), EARLIER_RUN_WAIT_MS))),
    new Promise<"aborted">((resolve) => {
      onAbort = () => resolve("aborted");
      signal.addEventListener("abort", onAbort, { once: true });
    }),
  ]);
  clearTimeout(timer);
  signal.removeEventListener("abort", onAbort);
  if (outcome === "timeout")
    log?.warn("an earlier register sync of this process has not stopped yet; starting anyway");
}

async function startSyncLog(
  db: Database,
  source: string,
  trigger: SyncTrigger,
  jobId: string | undefined,
  fullSource: boolean,
): Promise<number> {
  try {
    const row = await db
      .insertInto("sync_log")
      .values({
        status: "running",
        source,
        trigger,
        alive_at: sql<Date>`now()`,
        job_id: jobId ?? null,
        full_source: fullSource,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  } catch (error) {
    const e = error as { code?: string; constraint?: string; message?: string };
    if (
      e.code === "23505" &&
      (e.constraint === "sync_log_one_running" || /sync_log_one_running/.test(e.message ?? ""))
    ) {
      const running = await db
        .selectFrom("sync_log")
        .select("created_at")
        .where("status", "=", "running")
        .executeTakeFirst();
      throw new SyncAlreadyRunningError(running?.created_at);
    }
    throw error;
  }
}

function describeFailure(error: unknown, signal?: AbortSignal): string {
  if (signal?.aborted) return "The sync was cancelled (the process is stopping); no data was changed";
  const message = error instanceof Error ? error.message : String(error);
  return `${message}; no data was changed`;
}
