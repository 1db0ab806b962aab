import { ukToday } from "~/platform/dates";
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";

/**
 * The UK date ('YYYY-MM-DD') the register data was last brought up to date: when the last
 * successful register sync finished. Null when no sync has succeeded (the profile then says
 * nothing about it).
 */
export async function registerDataAsOf(db: Database): Promise<string | null> {
  const { rows } = await sql<{ finished: Date | null }>`
    SELECT max(finished_at) AS finished FROM sync_log WHERE status = 'success'`.execute(db);
  const finished = rows[0]?.finished;
  return finished ? ukToday(new Date(finished)) : null;
}
