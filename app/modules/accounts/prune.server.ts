/** Daily housekeeping: expired sessions, verifications and rate-limit counters. */
import type { Database } from "~/platform/db/database.server";
import { defineJob, JOB_PRIORITY, triggerOnlyPayload } from "~/platform/jobs/job-definition.server";
import { pruneRateLimits } from "~/platform/rate-limit.server";
import { pruneSessions } from "~/platform/session.server";

/** Daily, at 03:30 UTC (jobs.server.ts). */
export const PRUNE_JOB = defineJob({
  type: "accounts.prune",
  payload: triggerOnlyPayload,
  bulk: true,
  priority: JOB_PRIORITY.low,
});

export async function pruneAuthData(db: Database, now = new Date()): Promise<void> {
  await pruneSessions(db, now);
  await pruneRateLimits(db, now);
  const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000);
  await db.deleteFrom("verifications").where("expires_at", "<", weekAgo).execute();
}
