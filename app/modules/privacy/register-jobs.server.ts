/** The daily purge of expired records (registered from server/boot.ts). */
import { JOB_PRIORITY, type JobQueue } from "~/platform/jobs/queue.server";
import type { Logger } from "~/platform/logger.server";
import type { Storage } from "~/platform/storage/storage.server";
import { PURGE_JOB, purgeExpiredRecords } from "./purge-expired-records.server";

export function registerPrivacyJobs(jobs: JobQueue, storage: Storage, log: Logger): void {
  jobs.register(
    PURGE_JOB,
    async (_payload, { db }) => {
      const counts = await purgeExpiredRecords(db, storage, new Date(), (key, err) =>
        log.warn({ err, key }, "expired photo not deleted"),
      );
      log.info({ counts }, "expired records purged");
    },
    { bulk: true, priority: JOB_PRIORITY.low },
  );
  jobs.schedule({ name: "privacy-purge", dailyAt: "03:45", type: PURGE_JOB });
}
