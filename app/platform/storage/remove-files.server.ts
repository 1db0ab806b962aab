/**
 * Deleting stored files that no row refers to any more (decision 0271). Called once the
 * transaction that let go of them has committed, never before: a rollback would otherwise leave
 * rows pointing at nothing. A file that cannot be deleted does not fail the action that let it go
 * (that action has happened): it is logged and counted, and nothing serves it any more (files are
 * served only through the rows that name them).
 */
import type { Storage } from "./storage.server";

/** What deleting files needs: the storage, and where to report a file that could not go. */
export interface FileRemoval {
  storage: Pick<Storage, "delete" | "deletePrefix">;
  log?: { warn: (details: object, message: string) => void };
}

export interface RemovedFiles {
  removed: number;
  failed: number;
}

/**
 * Deletes each of `keys` (one file each) and each of `folders` (every file under it). Without a
 * `FileRemoval` nothing is deleted (a caller with no storage at hand, such as a test about
 * something else).
 */
export async function removeFiles(
  files: FileRemoval | undefined,
  items: { keys?: readonly string[]; folders?: readonly string[] },
): Promise<RemovedFiles> {
  const done: RemovedFiles = { removed: 0, failed: 0 };
  if (!files) return done;
  const attempt = async (key: string, remove: () => Promise<void>) => {
    try {
      await remove();
      done.removed++;
    } catch (error) {
      done.failed++;
      files.log?.warn({ err: error, key }, "file no longer used was not deleted");
    }
  };
  for (const key of items.keys ?? []) await attempt(key, () => files.storage.delete(key));
  for (const folder of items.folders ?? []) await attempt(folder, () => files.storage.deletePrefix(folder));
  return done;
}
