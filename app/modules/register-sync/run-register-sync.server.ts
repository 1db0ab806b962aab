/**
 * One register sync run, all or nothing:
 *  1. a sync_log row 'running' (the unique index sync_log_one_running refuses a second run);
 *  2. stream the source, validate each row, write valid rows in batches to the unlogged staging
 *     table and rejected rows (line + reason) to sync_rejections; heartbeat + progress every 2 s;
 *  3. merge staging into directory_entries and write the success log in ONE short transaction.
 * Any failure before the commit leaves directory_entries exactly as it was and logs the error.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import type { SyncTrigger } from "~/platform/db/schema";
import type { Logger } from "~/platform/logger.server";
import { failStaleSyncs } from "./fail-stale-syncs.server";
import { mergeStagedRows, rejectDuplicates } from "./merge-staged-rows.server";
import { normaliseRow } from "./normalise-row";
import { isUrl, openRegisterSource } from "./open-register-source.server";
import { recordRejections, type Rejection } from "./record-rejections.server";
import { SeenNumbers } from "./seen-numbers";
import { clearStaging, stageRegisterRows, StagingBatch } from "./stage-register-rows.server";

export interface RunRegisterSyncOptions {
  /** A file path or an http(s) URL: CSV (EA export or public register), JSON, or a ZIP of one. */
  source: string;
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

/** The run's log was set to error while it ran ('Clear Stuck Syncs'): it stops and changes nothing. */
export class SyncClearedError extends Error {
  constructor() {
    super("The sync was cleared by an administrator while it was running");
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

export async function runRegisterSync(db: Database, options: RunRegisterSyncOptions): Promise<SyncSummary> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 5_000;
  const source = safeSourceName(options.source);
  await failStaleSyncs(db, options.staleAfterMs ?? 30 * 60_000);
  const syncId = await startSyncLog(db, source, options.trigger ?? "manual");
  options.log?.info({ syncId, source }, "register sync started");

  let processed = 0;
  let rejectedCount = 0;
  let storedRejections = 0;
  let bytesRead = 0;
  let bytesTotal: number | null = null;
  const firstRejections: Rejection[] = [];
  const seen = new SeenNumbers();
  let heartbeat: NodeJS.Timeout | undefined;
  let beating: Promise<unknown> = Promise.resolve();
  let cleared = false;

  try {
    await clearStaging(db);
    const reader = await openRegisterSource(options.source, { signal: options.signal });
    bytesTotal = reader.bytesTotal;
    heartbeat = setInterval(() => {
      bytesRead = reader.bytesRead();
      beating = db
        .updateTable("sync_log")
        .set({
          heartbeat_at: sql<Date>`now()`,
          records_processed: processed,
          records_rejected: rejectedCount,
          bytes_read: bytesRead,
          bytes_total: bytesTotal,
        })
        .where("id", "=", String(syncId))
        .where("status", "=", "running")
        .executeTakeFirst()
        .then((r) => {
          if (r && Number(r.numUpdatedRows) === 0) cleared = true;
        })
        .catch(() => undefined);
    }, HEARTBEAT_MS);

    try {
      let rows = new StagingBatch();
      let rejections: Rejection[] = [];
      // One batch is written while the next is parsed (PostgreSQL works while Node parses).
      let inflight: Promise<void> = Promise.resolve();
      let writeError: unknown;
      const flush = async (last = false) => {
        options.signal?.throwIfAborted();
        if (cleared) throw new SyncClearedError();
        const batch = rows;
        const room = MAX_STORED_REJECTIONS - storedRejections;
        const keep = room > 0 ? rejections.slice(0, room) : [];
        storedRejections += keep.length;
        rows = new StagingBatch();
        rejections = [];
        await inflight;
        if (writeError) throw writeError;
        inflight = (async () => {
          await stageRegisterRows(db, batch, syncId);
          await recordRejections(db, syncId, keep);
        })().catch((error: unknown) => {
          writeError = error;
        });
        if (last) {
          await inflight;
          if (writeError) throw writeError;
        }
        bytesRead = reader.bytesRead();
        options.onProgress?.({ syncId, processed, rejected: rejectedCount, bytesRead, bytesTotal });
      };
      const reject = (r: Rejection) => {
        rejectedCount++;
        rejections.push(r);
        if (firstRejections.length < 20) firstRejections.push(r);
      };

      for await (const item of reader.items()) {
        processed++;
        if (item.kind === "reject") {
          reject({ line: item.line, registrationNumber: null, reason: item.reason });
        } else {
          const result = normaliseRow(item.raw);
          if (result.ok) {
            seen.add(result.row.registration_number);
            rows.add(result.row, item.line);
          }
          else reject({ line: item.line, registrationNumber: result.registrationNumber, reason: result.reason });
        }
        if (rows.length >= batchSize || rejections.length >= batchSize) await flush();
      }
      await flush(true);
    } finally {
      await reader.close();
      clearInterval(heartbeat);
      await beating;
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
    options.signal?.throwIfAborted();

    const summary = await db.transaction().execute(async (trx) => {
      // Still ours? A run cleared while alive must not merge (the row lock also makes a
      // concurrent 'Clear Stuck Syncs' wait for this transaction and then find nothing running).
      const mine = await trx
        .selectFrom("sync_log")
        .select("status")
        .where("id", "=", String(syncId))
        .forUpdate()
        .executeTakeFirst();
      if (mine?.status !== "running") throw new SyncClearedError();
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
      return { ...counts, unchanged, durationMs };
    });
    mark = Date.now();

    await clearStaging(db).catch(() => undefined);
    if (summary.added + summary.updated + summary.removed > 0) {
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
  } catch (error) {
    clearInterval(heartbeat);
    const message = describeFailure(error, options.signal);
    if (error instanceof SyncClearedError) {
      // The log already says why (the admin's message); the staging table may belong to a newer run.
      options.log?.warn({ syncId }, "register sync cleared while running; stopped without changes");
      throw new SyncFailedError(message, syncId, { cause: error });
    }
    await db
      .updateTable("sync_log")
      .set({
        status: "error",
        error_message: message,
        records_processed: processed,
        records_rejected: rejectedCount,
        bytes_read: bytesRead,
        bytes_total: bytesTotal,
        duration_ms: Date.now() - started,
        heartbeat_at: sql<Date>`now()`,
        finished_at: sql<Date>`now()`,
      })
      .where("id", "=", String(syncId))
      .execute()
      .catch(() => undefined);
    await clearStaging(db).catch(() => undefined);
    options.log?.error({ syncId, err: error }, "register sync failed");
    throw new SyncFailedError(message, syncId, { cause: error });
  }
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
    if (e.code === "23505" && (e.constraint === "sync_log_one_running" || /sync_log_one_running/.test(e.message ?? ""))) {
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
  return rows.map((r) => ({ line: r.line_number, registrationNumber: r.registration_number, reason: r.reason }));
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
