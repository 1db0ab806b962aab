/** The admin notifications' background job (listed in server/jobs.ts). */
import type { Config } from "~/platform/env.server";
import { jobHandler, type JobRegistration } from "~/platform/jobs/job-definition.server";
import { ADMIN_NOTIFY_JOB } from "./notify-admins.server";
import { sendAdminNotifications } from "./send-admin-notifications.server";

export function adminNotificationJobs(
  config: Pick<Config, "publicUrl" | "ADMIN_NOTIFY_DELAY_SECONDS">,
): JobRegistration[] {
  return [
    jobHandler(ADMIN_NOTIFY_JOB, async (_payload, { db, log }) => {
      const sent = await sendAdminNotifications(db, config);
      if (sent.events) log.info(sent, "admin notifications sent");
    }),
  ];
}
