/**
 * The Data Management page's actions, each audited and logged: 'Clear Stuck Syncs', and a sync
 * requested from the configured source or an uploaded register file. Each answers with the toast
 * the page shows after its redirect.
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import type { Logger } from "~/platform/logger.server";
import type { Storage } from "~/platform/storage/storage.server";
import { clearStuckSyncs } from "./clear-stuck-syncs.server";
import { confirmHeldRemovals, HeldRemovalsError } from "./held-removals.server";
import { NoRegisterSourceError, requestRegisterSync } from "./request-sync.server";
import { SyncAlreadyRunningError } from "./run-register-sync.server";
import { InvalidUploadError, storeRegisterUpload, type StoredUpload } from "./store-upload.server";
import { TRIGGER_FAILED } from "./sync-messages";

/** The toast an action answers with. */
export interface SyncActionToast {
  title: string;
  description?: string;
  variant: "success" | "destructive";
}

/** What the actions use: the request's services and the sync settings. */
export interface SyncActionDeps {
  db: Database;
  storage: Storage;
  log: Pick<Logger, "info" | "error">;
  configuredSource: string | undefined;
  staleAfterMinutes: number;
  /** Tells this process's job runner to look for the new job now (JobQueue.wake). */
  wakeJobs?: () => void;
}

/** The signed-in administrator. */
export interface SyncActionAdmin {
  id: string;
  email: string;
}

/** Marks every running sync as error ('Clear Stuck Syncs'), audited. */
export async function clearStuckSyncsAsAdmin(
  deps: SyncActionDeps,
  admin: SyncActionAdmin,
): Promise<SyncActionToast> {
  try {
    // The clear and its audit entry commit together.
    const n = await deps.db.transaction().execute(async (trx) => {
      const cleared = await clearStuckSyncs(trx);
      await recordAudit(trx, {
        actorUserId: admin.id,
        action: "register_sync.cleared",
        entity: "sync_log",
        entityId: "running",
        details: { cleared },
      });
      return cleared;
    });
    deps.log.info({ admin: admin.email, cleared: n }, "stuck syncs cleared");
    return {
      title: n > 0 ? "Stuck syncs cleared" : "No stuck syncs",
      description:
        n > 0 ? `${n} running sync${n === 1 ? " was" : "s were"} marked as error.` : "No sync was running.",
      variant: "success",
    };
  } catch (error) {
    deps.log.error({ err: error }, "clearing stuck syncs failed");
    return { title: "Failed to clear stuck syncs", variant: "destructive" };
  }
}

/**
 * Marks the registrations a full sync held as removed (decision 0279), audited in the same
 * transaction (held-removals.server.ts).
 */
export async function confirmHeldRemovalsAsAdmin(
  deps: SyncActionDeps,
  admin: SyncActionAdmin,
  syncId: string,
  /** The administrator ticked "I have checked that the source is the whole register…". */
  checked: boolean,
): Promise<SyncActionToast> {
  // The page's checkbox is required by the browser; a request without it changes nothing here.
  if (!checked)
    return {
      title: "Failed to confirm the removals",
      description:
        "Tick the box to say you have checked that the source is the whole register and these carriers have left it. Nothing was changed.",
      variant: "destructive",
    };
  try {
    const { removed } = await confirmHeldRemovals(deps.db, { syncId, adminId: admin.id });
    deps.log.info({ admin: admin.email, syncId, removed }, "held register removals confirmed");
    return {
      title: "Removals confirmed",
      description: `${removed.toLocaleString("en-GB")} registration${removed === 1 ? " was" : "s were"} marked as no longer on the register.`,
      variant: "success",
    };
  } catch (error) {
    if (!(error instanceof HeldRemovalsError))
      deps.log.error({ err: error }, "confirming held removals failed");
    return {
      title: "Failed to confirm the removals",
      description:
        error instanceof HeldRemovalsError
          ? error.message
          : "An unexpected error occurred. Please try again.",
      variant: "destructive",
    };
  }
}

/** What the admin asked for: a sync of the configured source, or of an uploaded file. */
export interface SyncRequestInput {
  intent: "sync" | "upload";
  /** The form's file field (upload). */
  file: FormDataEntryValue | null;
  /** The configured source is only part of the register (sync). */
  partial: boolean;
}

/**
 * Queues a sync job (storing the upload first) and its audit entry in one transaction; a failure
 * queues nothing and removes the stored upload.
 */
export async function requestSyncAsAdmin(
  deps: SyncActionDeps,
  admin: SyncActionAdmin,
  input: SyncRequestInput,
): Promise<SyncActionToast> {
  const { intent } = input;
  let upload: StoredUpload | undefined;
  try {
    if (intent === "upload") {
      if (!(input.file instanceof File)) throw new InvalidUploadError("Choose a register file to upload");
      // Kept through the storage interface: the job may run on another instance (decision 0010).
      upload = await storeRegisterUpload(deps.storage, input.file);
    }
    // The job and its audit entry commit together: if either fails, no job is queued, so the
    // stored upload can go and the admin is told the truth.
    await deps.db.transaction().execute(async (trx) => {
      const jobId = await requestRegisterSync(trx, {
        upload,
        configuredSource: deps.configuredSource,
        trigger: intent === "upload" ? "upload" : "manual",
        // An upload may be part of the register: never mark the rest removed. The configured source
        // is the whole register unless the admin says otherwise.
        removeMissing: intent === "upload" ? false : !input.partial,
        staleAfterMinutes: deps.staleAfterMinutes,
      });
      await recordAudit(trx, {
        actorUserId: admin.id,
        action: `register_sync.${intent === "upload" ? "uploaded" : "requested"}`,
        entity: "job",
        entityId: jobId,
      });
    });
    deps.wakeJobs?.();
    deps.log.info({ admin: admin.email, intent }, "register sync requested");
    return {
      title: intent === "upload" ? "Register file uploaded" : "Data sync started",
      description: "The sync runs in the background; this page follows it until it finishes.",
      variant: "success",
    };
  } catch (error) {
    if (upload) await deps.storage.delete(upload.key).catch(() => undefined);
    return syncRequestFailed(deps, error);
  }
}

/** The toast for a sync that could not be requested; unexpected errors are logged. */
function syncRequestFailed(deps: SyncActionDeps, error: unknown): SyncActionToast {
  const known =
    error instanceof SyncAlreadyRunningError ||
    error instanceof NoRegisterSourceError ||
    error instanceof InvalidUploadError;
  if (!known) deps.log.error({ err: error }, "starting a register sync failed");
  return {
    title: TRIGGER_FAILED,
    description: known ? (error as Error).message : "An unexpected error occurred. Please try again.",
    variant: "destructive",
  };
}
