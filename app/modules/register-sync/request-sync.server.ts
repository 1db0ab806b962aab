/**
 * Starting a sync from the admin screens: refused with a clear message while one is running or
 * waiting to run, otherwise one 'register-sync' job is queued (unique key, so two clicks or two
 * admins queue one job). The job runner runs it; the run itself is guarded again by the
 * sync_log_one_running index (decision 0104), so the job queue's concurrency never runs two.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import type { SyncTrigger } from "~/platform/db/schema";
import { enqueueJob } from "~/platform/jobs/queue.server";
import { failStaleSyncs } from "./fail-stale-syncs.server";
import { SyncAlreadyRunningError } from "./run-register-sync.server";
import type { StoredUpload } from "./store-upload.server";
import { REGISTER_SYNC_JOB, type RegisterSyncJobPayload } from "./sync-job.server";

export const REGISTER_SYNC_UNIQUE_KEY = "register-sync";

export class NoRegisterSourceError extends Error {
  constructor() {
    super("No register source is configured: set REGISTER_SOURCE, or upload a register file");
  }
}

export interface RequestSyncOptions {
  /** A file path or URL; without it the configured REGISTER_SOURCE. */
  source?: string;
  /** An uploaded file kept in storage (store-upload.server.ts), instead of a source. */
  upload?: StoredUpload;
  configuredSource?: string;
  trigger: SyncTrigger;
  /** The source is the whole register: registrations missing from it are marked removed. */
  removeMissing: boolean;
  staleAfterMinutes: number;
}

/**
 * Queues the job; its id. `db` may be a transaction (the admin's request queues the job and its
 * audit entry together): the job exists only if the transaction commits.
 */
export async function requestRegisterSync(db: Database, options: RequestSyncOptions): Promise<string> {
  const source = options.upload ? undefined : (options.source ?? options.configuredSource);
  if (!source && !options.upload) throw new NoRegisterSourceError();
  await failStaleSyncs(db, options.staleAfterMinutes * 60_000);
  const running = await db
    .selectFrom("sync_log")
    .select("created_at")
    .where("status", "=", "running")
    .executeTakeFirst();
  if (running) throw new SyncAlreadyRunningError(running.created_at);
  const payload: RegisterSyncJobPayload = options.upload
    ? {
        upload: options.upload.key,
        uploadName: options.upload.name,
        trigger: options.trigger,
        removeMissing: options.removeMissing,
      }
    : { source, trigger: options.trigger, removeMissing: options.removeMissing };
  const id = await enqueueJob(db, REGISTER_SYNC_JOB, payload, { uniqueKey: REGISTER_SYNC_UNIQUE_KEY });
  if (!id) {
    const queued = await db
      .selectFrom("jobs")
      .select("created_at")
      .where("unique_key", "=", REGISTER_SYNC_UNIQUE_KEY)
      .where("status", "in", ["queued", "running"])
      .executeTakeFirst();
    throw new SyncAlreadyRunningError(queued?.created_at);
  }
  return id;
}

/** True while a register sync is waiting for the job runner or running. */
export async function syncPending(db: Database): Promise<boolean> {
  return (await syncActivity(db)).pending;
}

/**
 * pending: a register sync is waiting for the job runner or running (its job or its log);
 * queued: a register-sync job waits for a runner to pick it up.
 */
export async function syncActivity(db: Database): Promise<{ pending: boolean; queued: boolean }> {
  const { rows } = await sql<{ pending: boolean; queued: boolean }>`SELECT
    EXISTS (SELECT 1 FROM sync_log WHERE status = 'running')
    OR EXISTS (SELECT 1 FROM jobs WHERE type = ${REGISTER_SYNC_JOB.type} AND status IN ('queued', 'running')) AS pending,
    EXISTS (SELECT 1 FROM jobs WHERE type = ${REGISTER_SYNC_JOB.type} AND status = 'queued') AS queued`.execute(
    db,
  );
  return { pending: rows[0]?.pending ?? false, queued: rows[0]?.queued ?? false };
}
