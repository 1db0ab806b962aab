/**
 * A sync whose process died leaves its log 'running'; a sync stuck in a live process (a hung
 * source, a line that never ends) makes no progress. A running sync moves its heartbeat only when
 * rows or bytes progressed since the last beat (decision 0109), so either kind goes quiet; one
 * whose heartbeat is older than the limit is marked as failed, which also frees the
 * one-running-sync slot (unique index sync_log_one_running). A live run notices within a beat and
 * stops without changing anything.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";

export async function failStaleSyncs(db: Database, staleAfterMs: number): Promise<number> {
  const minutes = Math.max(1, Math.round(staleAfterMs / 60_000));
  const result = await db
    .updateTable("sync_log")
    .set({
      status: "error",
      error_message: `The sync stopped responding (no progress for ${minutes} minute${minutes === 1 ? "" : "s"}) and was marked as failed; no data was changed`,
      finished_at: sql<Date>`now()`,
      duration_ms: sql<number>`(extract(epoch from (heartbeat_at - created_at)) * 1000)::int`,
    })
    .where("status", "=", "running")
    .where("heartbeat_at", "<", sql<Date>`now() - make_interval(secs => ${staleAfterMs / 1000})`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
