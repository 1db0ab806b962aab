/** The accounts module's background jobs (registered from server/boot.ts). */
import type { Config } from "~/platform/env.server";
import { JOB_PRIORITY, type JobQueue } from "~/platform/jobs/queue.server";
import { registerEmailJobs } from "~/platform/email/send.server";
import { createPasswordResetJob, RESET_JOB } from "./request-password-reset.server";
import { PRUNE_JOB, pruneAuthData } from "./prune.server";

export function registerAccountJobs(jobs: JobQueue, config: Config): void {
  registerEmailJobs(jobs, config);
  jobs.register(RESET_JOB, createPasswordResetJob(config), { priority: JOB_PRIORITY.urgent });
  jobs.register(PRUNE_JOB, async (_payload, { db }) => pruneAuthData(db), {
    bulk: true,
    priority: JOB_PRIORITY.low,
  });
  jobs.schedule({ name: "accounts-prune", dailyAt: "03:30", type: PRUNE_JOB });
}
