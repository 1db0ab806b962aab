/**
 * Every background job the product runs, in one list (decision 0016). Each module defines its job
 * types beside the code that queues them and binds their handlers in its `jobs.server.ts`; to add
 * a job, define it there and add the module's list here (CONTRIBUTING.md, "Adding a job").
 */
import type { AppServices } from "../app/web/context";
import type { JobRegistration } from "../app/platform/jobs/job-definition.server";
import type { Logger } from "../app/platform/logger.server";
import { emailJobs } from "../app/platform/email/send.server";
import { accountJobs } from "../app/modules/accounts/jobs.server";
import { adminNotificationJobs } from "../app/modules/admin-notifications/jobs.server";
import { directoryJobs } from "../app/modules/directory/jobs.server";
import { privacyJobs } from "../app/modules/privacy/jobs.server";
import { registerSyncJob } from "../app/modules/register-sync/sync-job.server";
import { wasteNoteJobs } from "../app/modules/waste-notes/jobs.server";
import { customerEmailOutcome } from "../app/modules/waste-notes/customer-email.server";

export function allJobs({ config, storage }: AppServices, log: Logger): JobRegistration[] {
  return [
    // Attachments are read from storage; a waste note's e-mail records its outcome (decision 0712).
    ...emailJobs(config, { storage, onOutcome: [customerEmailOutcome] }),
    ...accountJobs(config),
    ...adminNotificationJobs(config),
    ...directoryJobs(config),
    ...privacyJobs(storage),
    registerSyncJob(config, { storage }),
    ...wasteNoteJobs(config, storage, log),
  ];
}
