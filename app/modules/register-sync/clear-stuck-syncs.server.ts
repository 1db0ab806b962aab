/**
 * 'Clear Stuck Syncs': every running sync log becomes an error with the spec's message. A run that
 * is in fact still alive notices within a heartbeat (2 s) or a batch, whichever comes first, even
 * while it waits on a slow source, and stops without changing anything; its writes are
 * conditional on its log being 'running' and its merge re-checks that under a row lock, and a run
 * started after the clear waits for it to be gone (run-register-sync.server.ts, decision 0109).
 * So clearing is always safe, and a new sync never runs beside the cleared one.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { REGISTER_SYNC_JOB } from "./sync-job.server";
import { CLEARED_MESSAGE } from "./sync-messages";

export { CLEARED_MESSAGE };

export async function clearStuckSyncs(db: Database): Promise<number> {
  // The job rows too: a job whose process died would otherwise hold the unique key (and be retried
  // much later); a live one fails on its own a moment later anyway.
  await db
    .updateTable("jobs")
    .set({ status: "failed", last_error: CLEARED_MESSAGE, finished_at: sql<Date>`now()`, locked_at: null })
    .where("type", "=", REGISTER_SYNC_JOB.type)
    .where("status", "in", ["queued", "running"])
    .execute();
  const result = await db
    .updateTable("sync_log")
    .set({
      status: "error",
      error_message: CLEARED_MESSAGE,
      finished_at: sql<Date>`now()`,
      duration_ms: sql<number>`(extract(epoch from (now() - created_at)) * 1000)::int`,
    })
    .where("status", "=", "running")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
