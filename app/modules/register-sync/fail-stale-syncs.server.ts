/**
 * The sync watchdog (decision 0802). A running sync is marked failed, which also frees the
 * one-running-sync slot (unique index sync_log_one_running), when either:
 *  - its process is dead: a live run's heartbeat timer moves `alive_at` every beat (2 s) whatever
 *    the progress, so an `alive_at` older than SYNC_DEAD_AFTER_MS (45 s) means the process died
 *    (or was restarted). The register-sync job that ran it is failed with it, so a new sync can be
 *    requested at once. Runs alive in this process are spared (live-sync-runs.server.ts);
 *  - it makes no progress: `heartbeat_at` moves only when rows or bytes progressed (decision
 *    0109), so a run stuck in a live process (a hung source, a line that never ends) goes quiet
 *    and is failed after the stale limit (SYNC_STALE_AFTER_MINUTES).
 * A run held by a transaction (its merge locks its log row) is skipped, not waited for: its
 * outcome is decided by that transaction. A live run whose log was failed notices within a beat
 * and stops without changing anything.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { liveSyncRunIds } from "./live-sync-runs.server";

/** A running sync whose process has not beaten for this long is taken as dead. */
export const SYNC_DEAD_AFTER_MS = 45_000;
/** How often the watchdog (server/boot.ts) looks: a dead run is failed within a minute. */
export const SYNC_WATCHDOG_MS = 15_000;

export interface FailStaleSyncsOptions {
  /** Default SYNC_DEAD_AFTER_MS. */
  deadAfterMs?: number;
  /** Runs never taken for dead (default: the runs alive in this process). */
  spare?: number[];
}

export async function failStaleSyncs(
  db: Database,
  staleAfterMs: number,
  options: FailStaleSyncsOptions = {},
): Promise<number> {
  const deadSeconds = (options.deadAfterMs ?? SYNC_DEAD_AFTER_MS) / 1000;
  const spare = (options.spare ?? liveSyncRunIds()).map(String);
  const minutes = Math.max(1, Math.round(staleAfterMs / 60_000));
  const dead = sql<boolean>`(alive_at < now() - make_interval(secs => ${deadSeconds})${
    spare.length ? sql` AND id NOT IN (${sql.join(spare)})` : sql``
  })`;
  const deadMessage = `The sync stopped responding (its process gave no sign of life for ${Math.round(deadSeconds)} seconds: it crashed or was restarted) and was marked as failed; no data was changed`;
  const staleMessage = `The sync stopped responding (no progress for ${minutes} minute${minutes === 1 ? "" : "s"}) and was marked as failed; no data was changed`;
  const failed = await db
    .updateTable("sync_log")
    .set({
      status: "error",
      error_message: sql<string>`CASE WHEN ${dead} THEN ${deadMessage} ELSE ${staleMessage} END`,
      finished_at: sql<Date>`now()`,
      duration_ms: sql<number>`(extract(epoch from (CASE WHEN ${dead} THEN greatest(alive_at, heartbeat_at) ELSE heartbeat_at END - created_at)) * 1000)::int`,
    })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("sync_log")
        .select("id")
        .where("status", "=", "running")
        .where((w) =>
          w.or([
            dead,
            w("heartbeat_at", "<", sql<Date>`now() - make_interval(secs => ${staleAfterMs / 1000})`),
          ]),
        )
        .forUpdate()
        .skipLocked(),
    )
    .where("status", "=", "running")
    .returning(["job_id", "error_message"])
    .execute();
  for (const { job_id, error_message } of failed) {
    if (!job_id) continue;
    await db
      .updateTable("jobs")
      .set({ status: "failed", last_error: error_message, finished_at: sql<Date>`now()`, locked_at: null })
      .where("id", "=", job_id)
      .where("status", "=", "running")
      .execute();
  }
  return failed.length;
}
