/** Stores rejected source rows of a sync run (line number, registration number, reason). */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";

export interface Rejection {
  line: number;
  registrationNumber: string | null;
  reason: string;
}

/** A run's stored rejections in line order: the first `limit` (whose reason starts with `reasonPrefix`, if given). */
export async function readRejections(
  db: Database,
  syncId: string | number,
  limit: number,
  reasonPrefix?: string,
): Promise<Rejection[]> {
  let query = db
    .selectFrom("sync_rejections")
    .select(["line_number", "registration_number", "reason"])
    .where("sync_id", "=", syncId);
  if (reasonPrefix) query = query.where("reason", "like", `${reasonPrefix}%`);
  const rows = await query.orderBy("line_number").limit(limit).execute();
  return rows.map((r) => ({
    line: r.line_number,
    registrationNumber: r.registration_number,
    reason: r.reason,
  }));
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
