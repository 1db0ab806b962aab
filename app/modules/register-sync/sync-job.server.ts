/**
 * The "register-sync" job: runs a sync from the payload's source, an uploaded file kept in
 * storage, or the configured REGISTER_SOURCE. Payload: { source?, upload?, uploadName?, trigger?,
 * removeMissing? } (removeMissing defaults to true: the configured source is the whole register;
 * uploads of partial files pass false).
 */
import type { SyncTrigger } from "~/platform/db/schema";
import type { JobHandler } from "~/platform/jobs/queue.server";
import type { Storage } from "~/platform/storage/storage.server";
import { runRegisterSync } from "./run-register-sync.server";
import { withStoredUpload } from "./store-upload.server";

export const REGISTER_SYNC_JOB = "register-sync";

const TRIGGERS: readonly SyncTrigger[] = ["manual", "schedule", "cli", "upload", "seed"];

export interface RegisterSyncJobPayload {
  source?: string;
  /** Storage key of an uploaded file (register-uploads/...), imported on whichever instance runs the job. */
  upload?: string;
  uploadName?: string;
  trigger?: SyncTrigger;
  removeMissing?: boolean;
}

export function registerSyncJob(
  config: { REGISTER_SOURCE?: string; SYNC_STALE_AFTER_MINUTES: number },
  deps: { storage?: Storage } = {},
): JobHandler {
  return async (payload, { db, log, signal }) => {
    const p = payload as RegisterSyncJobPayload;
    const trigger = TRIGGERS.includes(p.trigger as SyncTrigger) ? (p.trigger as SyncTrigger) : "manual";
    const run = (source: string, sourceLabel?: string) =>
      runRegisterSync(db, {
        source,
        sourceLabel,
        trigger,
        removeMissing: p.removeMissing ?? true,
        log,
        signal,
        staleAfterMs: config.SYNC_STALE_AFTER_MINUTES * 60_000,
      });
    if (typeof p.upload === "string" && p.upload) {
      if (!deps.storage) throw new Error("Uploaded register files need the storage service");
      await withStoredUpload(deps.storage, p.upload, (file) =>
        run(file, `upload: ${p.uploadName ?? p.upload}`),
      );
      return;
    }
    const source = typeof p.source === "string" && p.source ? p.source : config.REGISTER_SOURCE;
    if (!source)
      throw new Error("No register source configured: set REGISTER_SOURCE, or start the sync with a file");
    await run(source);
  };
}
