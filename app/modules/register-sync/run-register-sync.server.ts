/**
 * One register sync run, all or nothing:
 *  1. a sync_log row 'running' (the unique index sync_log_one_running refuses a second run);
 *  2. stream the source, validate each row, write valid rows in batches to the unlogged staging
 *     table and rejected rows (line + reason) to sync_rejections; progress every 2 s;
 *  3. merge staging into directory_entries and write the success log in ONE short transaction.
 * Any failure before the commit leaves directory_entries exactly as it was and logs the error.
 *
 * Stale and cleared runs (decision 0109): the heartbeat moves only when rows or bytes progressed
 * since the last beat, so a run stuck on a hung source goes stale and the watchdog
 * (fail-stale-syncs.server.ts) marks it failed. A run whose log stops being 'running' (the
 * watchdog, or 'Clear Stuck Syncs') notices within a beat or a batch, even while waiting on a slow
 * source, and stops without writing anything more. A run started after it waits (in this process)
 * until the old run is gone; across processes every write of the old run is conditional on its
 * log still being 'running', and the merge re-checks it under a row lock.
 */
import { sql } from "kysely";
import { directoryChanged } from "~/modules/directory/directory-changed.server";
import type { Database } from "~/platform/db/database.server";
import type { SyncTrigger } from "~/platform/db/schema";
import type { Logger } from "~/platform/logger.server";
import { failStaleSyncs } from "./fail-stale-syncs.server";
import { mergeStagedRows, rejectDuplicates } from "./merge-staged-rows.server";
import { normaliseRow } from "./normalise-row";
import { isUrl, openRegisterSource, type RegisterSource } from "./open-register-source.server";
import { recordRejections, type Rejection } from "./record-rejections.server";
import type { SourceLimits } from "./register-limits";
import { SeenNumbers } from "./seen-numbers";
import { clearStaging, stageRegisterRows, StagingBatch } from "./stage-register-rows.server";
import { CLEARED_MESSAGE } from "./sync-messages";

export interface RunRegisterSyncOptions {
  /** A file path or an http(s) URL: CSV (EA export or public register), JSON, or a ZIP of one. */
  source: string;
  /** How the source is named in the sync log, when not by its path (an uploaded file's name). */
  sourceLabel?: string;
  trigger?: SyncTrigger;
  /**
   * Full source: registrations on the directory but not in the source are marked
   * on_register = false (never deleted). Off by default; on for full syncs (CLI, job, schedule).
   */
  removeMissing?: boolean;
  log?: Pick<Logger, "info" | "warn" | "error">;
  signal?: AbortSignal;
  /** Called after every batch (and at the end of streaming). */
  onProgress?: (progress: SyncProgress) => void;
  /** Running syncs whose heartbeat is older than this are marked failed first (default 30 min). */
  staleAfterMs?: number;
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
      logMessage && logMessage !== CLEARED_MESSAGE
        ? "The sync was marked as failed while it was running (no progress for too long)"
        : "The sync was cleared by an administrator while it was running",
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

async function runOnce(
  db: Database,
  options: RunRegisterSyncOptions,
  earlier: Promise<void>[],
): Promise<SyncSummary> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 5_000;
  const source = options.sourceLabel ?? safeSourceName(options.source);
  await failStaleSyncs(db, options.staleAfterMs ?? 30 * 60_000);
  const syncId = await startSyncLog(db, source, options.trigger ?? "manual");
  options.log?.info({ syncId, source }, "register sync started");

  // Stops the source at once: the caller's signal (the process is stopping), or the run's log is
  // no longer 'running' (cleared by an admin, or failed as stale by the watchdog).
  const stop = new AbortController();
  const onAbort = () => stop.abort(options.signal?.reason);
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener("abort", onAbort, { once: true });

  let processed = 0;
  let rejectedCount = 0;
  let storedRejections = 0;
  let bytesRead = 0;
  let downloaded = 0;
  let bytesTotal: number | null = null;
  let reader: RegisterSource | undefined;
  const firstRejections: Rejection[] = [];
  const seen = new SeenNumbers();
  let cleared = false;
  const noticeCleared = (logMessage?: string | null) => {
    if (cleared) return;
    cleared = true;
    stop.abort(new SyncClearedError(logMessage));
  };

  // Heartbeat: progress and the run's own status every beat; heartbeat_at moves only when rows or
  // bytes progressed since the last beat that moved it (a stuck run goes stale).
  let beat: Promise<void> | undefined;
  let lastBeat = { processed: 0, bytes: 0 };
  const beatOnce = async () => {
    bytesRead = reader ? reader.bytesRead() : downloaded;
    const progressed = processed !== lastBeat.processed || bytesRead !== lastBeat.bytes;
    const result = await db
      .updateTable("sync_log")
      .set({
        ...(progressed ? { heartbeat_at: sql<Date>`now()` } : {}),
        records_processed: processed,
        records_rejected: rejectedCount,
        bytes_read: bytesRead,
        bytes_total: bytesTotal,
      })
      .where("id", "=", String(syncId))
      .where("status", "=", "running")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      noticeCleared(await logMessage(db, syncId));
      return;
    }
    if (progressed) lastBeat = { processed, bytes: bytesRead };
  };
  const heartbeat = setInterval(() => {
    if (beat) return; // the previous beat is still waiting for the database
    beat = beatOnce()
      .catch(() => undefined)
      .finally(() => (beat = undefined));
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  const stopBeating = async () => {
    clearInterval(heartbeat);
    await beat;
  };

  try {
    if (earlier.length) await waitForEarlierRuns(earlier, stop.signal, options.log);
    stop.signal.throwIfAborted();
    await clearStaging(db);
    reader = await openRegisterSource(options.source, {
      signal: stop.signal,
      onDownload: (bytes) => (downloaded = bytes),
      limits: options.sourceLimits,
    });
    const src = reader;
    bytesTotal = src.bytesTotal;

    try {
      let rows = new StagingBatch();
      let rejections: Rejection[] = [];
      // One batch is written while the next is parsed (PostgreSQL works while Node parses).
      let inflight: Promise<void> = Promise.resolve();
      let writeError: unknown;
      const flush = async (last = false) => {
        stop.signal.throwIfAborted();
        const batch = rows;
        const room = MAX_STORED_REJECTIONS - storedRejections;
        const keep = room > 0 ? rejections.slice(0, room) : [];
        storedRejections += keep.length;
        rows = new StagingBatch();
        rejections = [];
        await inflight;
        if (writeError) throw writeError;
        stop.signal.throwIfAborted();
        inflight = (async () => {
          // The staging insert only writes while this run's log is 'running': no row written means
          // the run was cleared (checked at every batch; a batch of rejections only asks).
          const staged = await stageRegisterRows(db, batch, syncId);
          if (batch.length > 0 ? staged === 0 : !(await stillRunning(db, syncId))) {
            noticeCleared(await logMessage(db, syncId));
            return;
          }
          await recordRejections(db, syncId, keep);
        })().catch((error: unknown) => {
          writeError = error;
        });
        if (last) {
          await inflight;
          if (writeError) throw writeError;
          stop.signal.throwIfAborted();
        }
        bytesRead = src.bytesRead();
        options.onProgress?.({ syncId, processed, rejected: rejectedCount, bytesRead, bytesTotal });
      };
      const reject = (r: Rejection) => {
        rejectedCount++;
        rejections.push(r);
        if (firstRejections.length < 20) firstRejections.push(r);
      };

      for await (const item of src.items()) {
        processed++;
        if (item.kind === "reject") {
          reject({ line: item.line, registrationNumber: null, reason: item.reason });
        } else {
          const result = normaliseRow(item.raw);
          if (result.ok) {
            seen.add(result.row.registration_number);
            rows.add(result.row, item.line);
          } else
            reject({ line: item.line, registrationNumber: result.registrationNumber, reason: result.reason });
        }
        if (rows.length >= batchSize || rejections.length >= batchSize) await flush();
      }
      await flush(true);
    } finally {
      await src.close();
    }

    if (processed - rejectedCount === 0) {
      throw new Error(
        processed === 0
          ? "The register source holds no rows: nothing was imported"
          : `Every row of the register source was rejected (${rejectedCount}): nothing was imported`,
      );
    }
    const streamMs = Date.now() - started;
    const steps: Record<string, number> = {};
    let mark = Date.now();
    const step = (name: string) => {
      steps[name] = Date.now() - mark;
      mark = Date.now();
    };
    const duplicates = seen.maybeDuplicates ? await rejectDuplicates(db, syncId) : 0;
    step("duplicates");
    rejectedCount += duplicates;
    await stopBeating();
    stop.signal.throwIfAborted();

    const summary = await db.transaction().execute(async (trx) => {
      // Still ours? A run cleared while alive must not merge (the row lock also makes a
      // concurrent 'Clear Stuck Syncs' wait for this transaction and then find nothing running).
      const mine = await trx
        .selectFrom("sync_log")
        .select(["status", "error_message"])
        .where("id", "=", String(syncId))
        .forUpdate()
        .executeTakeFirst();
      if (mine?.status !== "running") {
        cleared = true;
        throw new SyncClearedError(mine?.error_message);
      }
      const counts = await mergeStagedRows(trx, syncId, {
        removeMissing: options.removeMissing ?? false,
        hasDuplicates: duplicates > 0,
        timings: steps,
      });
      const unchanged = processed - rejectedCount - counts.added - counts.updated;
      const durationMs = Date.now() - started;
      await trx
        .updateTable("sync_log")
        .set({
          status: "success",
          records_processed: processed,
          records_added: counts.added,
          records_updated: counts.updated,
          records_unchanged: unchanged,
          records_rejected: rejectedCount,
          records_removed: counts.removed,
          bytes_read: bytesRead,
          bytes_total: bytesTotal ?? bytesRead,
          duration_ms: durationMs,
          heartbeat_at: sql<Date>`now()`,
          finished_at: sql<Date>`now()`,
        })
        .where("id", "=", String(syncId))
        .execute();
      // Emptied in the same transaction: once the log says 'success' and the next run may start,
      // this run never touches the staging table again.
      await clearStaging(trx);
      return { ...counts, unchanged, durationMs };
    });
    mark = Date.now();

    if (summary.added + summary.updated + summary.removed > 0) {
      // Every instance's search, featured and page caches show the new register (decision 0013).
      await directoryChanged(db).catch((err: unknown) =>
        options.log?.warn({ err }, "could not announce the sync's changes"),
      );
      // Fresh planner statistics (PGlite has no autovacuum); also flushes GIN pending lists.
      await sql`ANALYZE directory_entries`.execute(db).catch(() => undefined);
    }
    step("analyze");
    if (duplicates > 0 && firstRejections.length < 20) {
      firstRejections.push(...(await firstDuplicateRejections(db, syncId, 20 - firstRejections.length)));
    }
    const result: SyncSummary = {
      syncId,
      source,
      processed,
      added: summary.added,
      updated: summary.updated,
      unchanged: summary.unchanged,
      rejected: rejectedCount,
      removed: summary.removed,
      durationMs: summary.durationMs,
      phases: { streamMs, mergeMs: Date.now() - started - streamMs, steps },
      rejections: firstRejections.sort((a, b) => a.line - b.line),
    };
    options.log?.info({ ...result, rejections: undefined }, "register sync finished");
    return result;
  } catch (caught) {
    await stopBeating();
    const error = cleared && !(caught instanceof SyncClearedError) ? stop.signal.reason : caught;
    const message = describeFailure(error, options.signal);
    if (cleared || error instanceof SyncClearedError) {
      // The log already says why; the staging table may belong to a newer run: nothing is written.
      options.log?.warn({ syncId }, "register sync cleared while running; stopped without changes");
      throw new SyncFailedError(message, syncId, { cause: error });
    }
    const marked = await failRun(db, syncId, {
      error_message: message,
      records_processed: processed,
      records_rejected: rejectedCount,
      bytes_read: bytesRead,
      bytes_total: bytesTotal,
      duration_ms: Date.now() - started,
    }).catch(() => true);
    if (!marked)
      options.log?.warn({ syncId }, "register sync failed after its log was marked failed; nothing written");
    options.log?.error({ syncId, err: error }, "register sync failed");
    throw new SyncFailedError(message, syncId, { cause: error });
  } finally {
    clearInterval(heartbeat);
    options.signal?.removeEventListener("abort", onAbort);
  }
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
      .set({ status: "error", ...fields, heartbeat_at: sql<Date>`now()`, finished_at: sql<Date>`now()` })
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

async function startSyncLog(db: Database, source: string, trigger: SyncTrigger): Promise<number> {
  try {
    const row = await db
      .insertInto("sync_log")
      .values({ status: "running", source, trigger })
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

async function firstDuplicateRejections(db: Database, syncId: number, limit: number): Promise<Rejection[]> {
  const rows = await db
    .selectFrom("sync_rejections")
    .select(["line_number", "registration_number", "reason"])
    .where("sync_id", "=", syncId)
    .where("reason", "like", "duplicate registration number%")
    .orderBy("line_number")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    line: r.line_number,
    registrationNumber: r.registration_number,
    reason: r.reason,
  }));
}

function describeFailure(error: unknown, signal?: AbortSignal): string {
  if (signal?.aborted) return "The sync was cancelled (the process is stopping); no data was changed";
  const message = error instanceof Error ? error.message : String(error);
  return `${message}; no data was changed`;
}

/** The source as logged: URLs lose any user:password. */
function safeSourceName(source: string): string {
  if (!isUrl(source)) return source;
  try {
    const u = new URL(source);
    u.username = "";
    u.password = "";
    return u.toString();
  } catch {
    return source;
  }
}
