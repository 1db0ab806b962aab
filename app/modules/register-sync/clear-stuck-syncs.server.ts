/**
 * 'Clear Stuck Syncs': every running sync log becomes an error with the spec's message. A run that
 * is in fact still alive notices at its next heartbeat or before merging and stops without
 * changing anything (run-register-sync.server.ts), so clearing is always safe.
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
    .where("type", "=", REGISTER_SYNC_JOB)
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
