/**
 * What the server does once at start-up besides migrating: the job handlers each module
 * provides, schedules, and the first-run set-up of the embedded demo.
 */
import type { AppServices } from "../app/web/context";
import type { Logger } from "../app/platform/logger.server";
import { createDemoAdmin } from "../app/modules/accounts/create-admin.server";
import { seedSampleRegister } from "../app/modules/register-sync/seed-sample-register.server";
import { failStaleSyncs, SYNC_WATCHDOG_MS } from "../app/modules/register-sync/fail-stale-syncs.server";
import { allJobs } from "./jobs";

/**
 * Registers every job type (server/jobs.ts; their schedules come with them) and the stale-sync
 * watchdog; the returned function stops the watchdog. The queue's stop() releases the handlers.
 */
export function registerJobs(services: AppServices, log: Logger): () => Promise<void> {
  const jobs = allJobs(services, log);
  services.jobs.register(...jobs);
  for (const { schedule, type } of jobs)
    if (schedule) log.info({ type, at: schedule.dailyAt }, "daily job scheduled (UTC)");
  // Watchdog (decision 0802), every 15 s: a sync whose process died (no heartbeat for 45 s) is
  // marked error within a minute, one that made no progress for SYNC_STALE_AFTER_MINUTES within
  // 15 s of going stale, even when nobody starts another sync or opens the admin.
  const staleMs = services.config.SYNC_STALE_AFTER_MINUTES * 60_000;
  const watchdog = setInterval(() => {
    void failStaleSyncs(services.db, staleMs)
      .then((n) => (n > 0 ? log.warn({ count: n }, "stale register syncs marked as failed") : undefined))
      .catch(() => undefined);
  }, SYNC_WATCHDOG_MS);
  watchdog.unref();
  return async () => clearInterval(watchdog);
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
