/** The daily purge of expired records (listed in server/jobs.ts). */
import { jobHandler, type JobRegistration } from "~/platform/jobs/job-definition.server";
import type { Storage } from "~/platform/storage/storage.server";
import { PURGE_JOB, purgeExpiredRecords } from "./purge-expired-records.server";

export function privacyJobs(storage: Storage): JobRegistration[] {
  return [
    jobHandler(
      PURGE_JOB,
      async (_payload, { db, log }) => {
        const counts = await purgeExpiredRecords(db, storage, new Date(), (key, err) =>
          log.warn({ err, key }, "expired file not deleted"),
        );
        log.info({ counts }, "expired records purged");
      },
      { schedule: { name: "privacy-purge", dailyAt: "03:45" } },
    ),
  ];
}
