/**
 * A change visitors see (a listing approved, suspended or edited, a plan changed, a register sync
 * merged): the search and featured caches and the page cache are cleared on every instance
 * (decision 0013). Call it after the change has committed.
 */
import { announceChange } from "~/platform/db/changes.server";
import type { Database } from "~/platform/db/database.server";

export function directoryChanged(db: Database): Promise<void> {
  return announceChange(db, "directory");
}
