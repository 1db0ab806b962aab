/**
 * The "register-sync" job: runs a sync from the payload's source, an uploaded file kept in
 * storage, or the configured REGISTER_SOURCE. removeMissing defaults to true: the configured
 * source is the whole register; uploads of partial files pass false.
 */
import { z } from "zod";
import type { Config } from "~/platform/env.server";
import { defineJob, jobHandler, type JobRegistration } from "~/platform/jobs/job-definition.server";
import type { Storage } from "~/platform/storage/storage.server";
import { runRegisterSync } from "./run-register-sync.server";
import { UPLOAD_PREFIX, withStoredUpload } from "./store-upload.server";

export const REGISTER_SYNC_JOB = defineJob({
  type: "register-sync",
  payload: z.strictObject({
    /** A file path or URL. */
    source: z.string().min(1).max(2000).optional(),
    /** Storage key of an uploaded file, imported on whichever instance runs the job. */
    upload: z
      .string()
      .startsWith(`${UPLOAD_PREFIX}/`)
      .refine((key) => !key.includes(".."), "not a register upload")
      .optional(),
    uploadName: z.string().max(300).optional(),
    trigger: z.enum(["manual", "schedule", "cli", "upload", "seed"]).default("manual"),
    removeMissing: z.boolean().default(true),
  }),
  bulk: true,
  maxAttempts: 1,
});

export type RegisterSyncJobPayload = z.input<typeof REGISTER_SYNC_JOB.payload>;

type SyncJobConfig = Pick<Config, "REGISTER_SOURCE" | "SYNC_STALE_AFTER_MINUTES"> &
  Partial<Pick<Config, "SYNC_DAILY_AT">>;

/** The sync job; scheduled daily (UTC) when both SYNC_DAILY_AT and REGISTER_SOURCE are set. */
export function registerSyncJob(config: SyncJobConfig, deps: { storage?: Storage } = {}): JobRegistration {
  const schedule =
    config.SYNC_DAILY_AT && config.REGISTER_SOURCE
      ? { name: "register-sync-daily", dailyAt: config.SYNC_DAILY_AT }
      : undefined;
  return jobHandler(
    REGISTER_SYNC_JOB,
    async (p, { db, log, signal, job }) => {
      const run = (source: string, sourceLabel?: string) =>
        runRegisterSync(db, {
          source,
          sourceLabel,
          trigger: p.trigger,
          removeMissing: p.removeMissing,
          log,
          signal,
          staleAfterMs: config.SYNC_STALE_AFTER_MINUTES * 60_000,
          jobId: job.id,
        });
      if (p.upload) {
        if (!deps.storage) throw new Error("Uploaded register files need the storage service");
        await withStoredUpload(deps.storage, p.upload, (file) =>
          run(file, `upload: ${p.uploadName ?? p.upload}`),
        );
        return;
      }
      const source = p.source ?? config.REGISTER_SOURCE;
      if (!source)
        throw new Error("No register source configured: set REGISTER_SOURCE, or start the sync with a file");
      await run(source);
    },
    { schedule },
  );
}
