/**
 * Writes a batch of validated rows into the staging table with COPY (decision 0110): the batch is
 * one block of COPY text (staging-batch.ts), loaded in one statement. Whether a registration
 * changed is decided by the merge, comparing its fields in SQL (decision 0231).
 */
import { sql } from "kysely";
import { copyIn } from "~/platform/db/copy-in.server";
import type { Database } from "~/platform/db/database.server";
import { STAGED_COLUMNS, type CopyBatch } from "./staging-batch";

/**
 * With `syncId`, the batch is written only while that run's log is still 'running' (checked in
 * the COPY's transaction, the log row locked until it commits): a run that an admin cleared
 * ('Clear Stuck Syncs') while it was alive can never add rows to the staging table of the run
 * started after it. Returns how many rows were written (0 for a cleared run).
 */
export async function stageRegisterRows(db: Database, batch: CopyBatch, syncId?: number): Promise<number> {
  if (batch.length === 0) return 0;
  const written = await copyIn(db, {
    table: "register_staging",
    columns: STAGED_COLUMNS,
    data: batch.toCopyText(),
    // The staging table is unlogged: its rows do not survive a crash whatever the commit waits for.
    synchronousCommit: false,
    onlyIf:
      syncId === undefined
        ? undefined
        : {
            sql: "SELECT 1 FROM sync_log WHERE id = $1 AND status = 'running' FOR SHARE",
            parameters: [syncId],
          },
  });
  return written ?? 0;
}

export async function clearStaging(db: Database): Promise<void> {
  await sql`TRUNCATE register_staging`.execute(db);
}
