/** Stores rejected source rows of a sync run (line number, registration number, reason). */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";

export interface Rejection {
  line: number;
  registrationNumber: string | null;
  reason: string;
}

export async function recordRejections(
  db: Database,
  syncId: number,
  rejections: readonly Rejection[],
): Promise<void> {
  if (rejections.length === 0) return;
  await sql`
    INSERT INTO sync_rejections (sync_id, line_number, registration_number, reason)
    SELECT ${syncId}::bigint, * FROM unnest(
      ${rejections.map((r) => r.line)}::int[],
      ${rejections.map((r) => r.registrationNumber)}::text[],
      ${rejections.map((r) => r.reason)}::text[])`.execute(db);
}
