import { ukToday } from "~/platform/dates";
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";

/**
 * The UK date ('YYYY-MM-DD') the register data was last brought up to date as a whole: when the
 * last successful FULL sync finished, the one that read the whole register (its removals marked,
 * or held for an administrator). An upload or a partial sync brings a few rows up to date, not
 * the register, so it does not move this date; nor does the first-run sample (decision 0280).
 * The register sources carry no date of their own. Null when no full sync has succeeded (the
 * profile then says nothing about it).
 */
export async function registerDataAsOf(db: Database): Promise<string | null> {
  const { rows } = await sql<{ finished: Date | null }>`
    SELECT max(finished_at) AS finished FROM sync_log
    WHERE status = 'success' AND full_source`.execute(db);
  const finished = rows[0]?.finished;
  return finished ? ukToday(new Date(finished)) : null;
}
