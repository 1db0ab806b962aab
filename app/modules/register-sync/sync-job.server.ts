/**
 * The "register-sync" job: runs a sync from the payload's source or the configured
 * REGISTER_SOURCE. Payload: { source?, trigger?, removeMissing? } (removeMissing defaults to
 * true: the configured source is the whole register; uploads of partial files pass false).
 */
import type { SyncTrigger } from "~/platform/db/schema";
import type { JobHandler } from "~/platform/jobs/queue.server";
import { runRegisterSync } from "./run-register-sync.server";

export const REGISTER_SYNC_JOB = "register-sync";

const TRIGGERS: readonly SyncTrigger[] = ["manual", "schedule", "cli", "upload", "seed"];

export interface RegisterSyncJobPayload {
  source?: string;
  trigger?: SyncTrigger;
  removeMissing?: boolean;
}

export function registerSyncJob(config: { REGISTER_SOURCE?: string; SYNC_STALE_AFTER_MINUTES: number }): JobHandler {
  return async (payload, { db, log, signal }) => {
    const p = payload as RegisterSyncJobPayload;
    const source = typeof p.source === "string" && p.source ? p.source : config.REGISTER_SOURCE;
    if (!source) throw new Error("No register source configured: set REGISTER_SOURCE, or start the sync with a file");
    const trigger = TRIGGERS.includes(p.trigger as SyncTrigger) ? (p.trigger as SyncTrigger) : "manual";
    await runRegisterSync(db, {
      source,
      trigger,
      removeMissing: p.removeMissing ?? true,
      log,
      signal,
      staleAfterMs: config.SYNC_STALE_AFTER_MINUTES * 60_000,
    });
  };
}
