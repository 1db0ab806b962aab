/** The accounts module's background jobs (listed in server/jobs.ts). */
import type { Config } from "~/platform/env.server";
import { jobHandler, type JobRegistration } from "~/platform/jobs/job-definition.server";
import { createPasswordResetJob, RESET_JOB } from "./request-password-reset.server";
import { PRUNE_JOB, pruneAuthData } from "./prune.server";

export function accountJobs(config: Pick<Config, "publicUrl">): JobRegistration[] {
  return [
    jobHandler(RESET_JOB, createPasswordResetJob(config)),
    jobHandler(PRUNE_JOB, async (_payload, { db }) => pruneAuthData(db), {
      schedule: { name: "accounts-prune", dailyAt: "03:30" },
    }),
  ];
}
