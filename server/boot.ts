/**
 * What the server does once at start-up besides migrating: the job handlers each module
 * provides, schedules, and the first-run set-up of the embedded demo.
 */
import type { AppServices } from "../app/web/context";
import { JOB_PRIORITY } from "../app/platform/jobs/queue.server";
import type { Logger } from "../app/platform/logger.server";
import { createDemoAdmin } from "../app/modules/accounts/create-admin.server";
import { registerAccountJobs } from "../app/modules/accounts/register-jobs.server";
import { registerPrivacyJobs } from "../app/modules/privacy/register-jobs.server";
import { PDF_JOB } from "../app/modules/waste-notes/create-note.server";
import { wasteNotePdfJob } from "../app/modules/waste-notes/generate-pdf.server";
import { createPdfRenderer } from "../app/modules/waste-notes/pdf-renderer.server";
import { seedSampleRegister } from "../app/modules/register-sync/seed-sample-register.server";
import { REGISTER_SYNC_JOB, registerSyncJob } from "../app/modules/register-sync/sync-job.server";
import { failStaleSyncs } from "../app/modules/register-sync/fail-stale-syncs.server";
import { EXPIRY_REMINDER_JOB, sendExpiryReminders } from "../app/modules/directory/expiry-reminders.server";

/** Registers every job type and schedule; the returned function releases what they hold. */
export function registerJobs(services: AppServices, log: Logger): () => Promise<void> {
  registerAccountJobs(services.jobs, services.config);
  registerPrivacyJobs(services.jobs, services.storage, log);
  // PDFs are rendered in a child process with a time and memory limit (decision 0006).
  const pdfRenderer = createPdfRenderer(log);
  services.jobs.register(
    PDF_JOB,
    wasteNotePdfJob({
      storage: services.storage,
      publicUrl: services.config.publicUrl,
      render: pdfRenderer.render,
    }),
    { priority: JOB_PRIORITY.normal },
  );
  services.jobs.register(REGISTER_SYNC_JOB, registerSyncJob(services.config, { storage: services.storage }), {
    bulk: true,
  });
  if (services.config.SYNC_DAILY_AT && services.config.REGISTER_SOURCE) {
    services.jobs.schedule({
      name: "register-sync-daily",
      dailyAt: services.config.SYNC_DAILY_AT,
      type: REGISTER_SYNC_JOB,
    });
    log.info({ at: services.config.SYNC_DAILY_AT }, "daily register sync scheduled (UTC)");
  }
  // Carriers are e-mailed 60, 30 and 7 days before their registration expires (issue 14).
  services.jobs.register(
    EXPIRY_REMINDER_JOB,
    async (_payload, { db }) => {
      const run = await sendExpiryReminders(db, { publicUrl: services.config.publicUrl });
      log.info(run, "registration expiry reminders");
    },
    { bulk: true, priority: JOB_PRIORITY.low },
  );
  services.jobs.schedule({
    name: "registration-expiry-reminders",
    dailyAt: "07:00",
    type: EXPIRY_REMINDER_JOB,
  });
  // Watchdog: a sync whose process died (no heartbeat for SYNC_STALE_AFTER_MINUTES) is marked
  // error within a minute of going stale, even when nobody starts another sync or opens the admin.
  const staleMs = services.config.SYNC_STALE_AFTER_MINUTES * 60_000;
  const watchdog = setInterval(() => {
    void failStaleSyncs(services.db, staleMs)
      .then((n) => (n > 0 ? log.warn({ count: n }, "stale register syncs marked as failed") : undefined))
      .catch(() => undefined);
  }, 60_000);
  watchdog.unref();
  return async () => {
    clearInterval(watchdog);
    await pdfRenderer.close();
  };
}

export async function firstRun(services: AppServices, log: Logger): Promise<void> {
  if (services.config.seedSampleData) {
    // An empty directory on a demo start: import a generated sample register (DATA_DIR/sample-register.csv).
    await seedSampleRegister(services.db, {
      dataDir: services.config.dataDir,
      rows: services.config.SAMPLE_ROWS,
      log,
    }).catch((error: unknown) => log.error({ err: error }, "could not import the sample register"));
  }
  if (services.config.embedded) {
    // The embedded demo's first start: an administrator to sign in with, printed once.
    const admin = await createDemoAdmin(services.db, services.config);
    if (admin) {
      const rule = "=".repeat(64);
      console.log(
        [
          rule,
          " Demo administrator created (shown only this once):",
          `   e-mail:   ${admin.email}`,
          `   password: ${admin.password}`,
          `   sign in:  ${services.config.publicUrl}/login`,
          " Add more with: npm run create-admin -- --email you@example.com",
          rule,
        ].join("\n"),
      );
      log.info({ email: admin.email }, "demo administrator created");
    }
  }
}
