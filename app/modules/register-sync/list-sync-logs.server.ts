/**
 * What Data Management shows: the last 50 runs (newest first) with their counts and progress,
 * the summary (total runs, successful runs, last run), and debug entries (the last 10
 * register-sync jobs as the job runner saw them). Sources and messages are shown without a URL's
 * user:password and query values, also those of runs and jobs stored before decision 0264 (a
 * job's payload keeps its source: the job needs it).
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { readRejections, type Rejection } from "./record-rejections.server";
import { redactUrls } from "./redact-source";
import { REGISTER_SYNC_JOB } from "./sync-job.server";

export const SYNC_LOG_LIMIT = 50;
export const DEBUG_ENTRY_LIMIT = 10;

export interface SyncLogView {
  id: string;
  status: "running" | "success" | "error";
  source: string | null;
  trigger: string;
  recordsProcessed: number;
  recordsAdded: number;
  recordsUpdated: number;
  recordsRemoved: number;
  /** Removals the run held instead of applying (decision 0279), and whether they were confirmed since. */
  removalsHeld: number;
  removalsConfirmed: boolean;
  recordsRejected: number;
  recordsUnchanged: number;
  durationMs: number | null;
  errorMessage: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** While running: rows per second so far, bytes read of the total (null when unknown). */
  ratePerSecond: number | null;
  bytesRead: number;
  bytesTotal: number | null;
  storedRejections: number;
}

export interface SyncSummaryCards {
  totalRuns: number;
  successfulRuns: number;
  /** The newest run; a failed one with its error, so that the page shows it beside its status. */
  lastRun: { status: string; createdAt: string; errorMessage: string | null } | null;
}

export interface DebugEntry {
  id: string;
  status: string;
  attempts: number;
  payload: Record<string, unknown>;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export async function listSyncLogs(db: Database, limit = SYNC_LOG_LIMIT): Promise<SyncLogView[]> {
  const rows = await db
    .selectFrom("sync_log as s")
    .selectAll("s")
    .select([
      sql<number>`extract(epoch from (s.heartbeat_at - s.created_at))`.as("elapsed_s"),
      sql<number>`(SELECT count(*)::int FROM sync_rejections r WHERE r.sync_id = s.id)`.as(
        "stored_rejections",
      ),
    ])
    .orderBy("s.created_at", "desc")
    .orderBy("s.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => {
    const elapsed = Number(r.elapsed_s);
    return {
      id: String(r.id),
      status: r.status,
      source: shown(r.source),
      trigger: r.trigger,
      recordsProcessed: r.records_processed,
      recordsAdded: r.records_added,
      recordsUpdated: r.records_updated,
      recordsRemoved: r.records_removed,
      removalsHeld: r.removals_held,
      removalsConfirmed: r.removals_confirmed_at !== null,
      recordsRejected: r.records_rejected,
      recordsUnchanged: r.records_unchanged,
      durationMs: r.duration_ms,
      errorMessage: shown(r.error_message),
      createdAt: r.created_at.toISOString(),
      finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
      ratePerSecond: elapsed > 0 ? Math.round(r.records_processed / elapsed) : null,
      bytesRead: Number(r.bytes_read),
      bytesTotal: r.bytes_total === null ? null : Number(r.bytes_total),
      storedRejections: Number(r.stored_rejections),
    };
  });
}

export async function syncSummaryCards(db: Database): Promise<SyncSummaryCards> {
  const { rows } = await sql<{ total: number; ok: number }>`
    SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'success')::int AS ok FROM sync_log`.execute(
    db,
  );
  const last = await db
    .selectFrom("sync_log")
    .select(["status", "created_at", "error_message"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();
  return {
    totalRuns: rows[0]?.total ?? 0,
    successfulRuns: rows[0]?.ok ?? 0,
    lastRun: last
      ? {
          status: last.status,
          createdAt: last.created_at.toISOString(),
          errorMessage: last.status === "error" ? shown(last.error_message) : null,
        }
      : null,
  };
}

export async function listSyncDebugEntries(db: Database, limit = DEBUG_ENTRY_LIMIT): Promise<DebugEntry[]> {
  const rows = await db
    .selectFrom("jobs")
    .select(["id", "status", "attempts", "payload", "last_error", "created_at", "finished_at"])
    .where("type", "=", REGISTER_SYNC_JOB.type)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    status: r.status,
    attempts: r.attempts,
    payload: Object.fromEntries(
      Object.entries((r.payload ?? {}) as Record<string, unknown>).map(([k, v]) => [
        k,
        typeof v === "string" ? redactUrls(v) : v,
      ]),
    ),
    lastError: shown(r.last_error),
    createdAt: r.created_at.toISOString(),
    finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
  }));
}

/** A stored source or message as shown: any URL in it without its secrets. */
function shown(text: string | null): string | null {
  return text === null ? null : redactUrls(text);
}

export type RejectionView = Rejection;

/** The stored rejected lines of one run, in line order. */
export async function listSyncRejections(
  db: Database,
  syncId: string,
  limit = 200,
): Promise<RejectionView[]> {
  if (!/^\d{1,18}$/.test(syncId)) return [];
  return readRejections(db, syncId, limit);
}
