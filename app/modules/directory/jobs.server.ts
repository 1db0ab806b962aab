/** The directory module's background jobs (listed in server/jobs.ts). */
import type { Config } from "~/platform/env.server";
import { jobHandler, type JobRegistration } from "~/platform/jobs/job-definition.server";
import { EXPIRY_REMINDER_JOB, sendExpiryReminders } from "./expiry-reminders.server";

export function directoryJobs(config: Pick<Config, "publicUrl">): JobRegistration[] {
  return [
    // Carriers are e-mailed 60, 30 and 7 days before their registration expires (issue 14).
    jobHandler(
      EXPIRY_REMINDER_JOB,
      async (_payload, { db, log }) => {
        const run = await sendExpiryReminders(db, { publicUrl: config.publicUrl });
        log.info(run, "registration expiry reminders");
      },
      { schedule: { name: "registration-expiry-reminders", dailyAt: "07:00" } },
    ),
  ];
}
