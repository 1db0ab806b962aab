/**
 * Total Listings without scanning a million rows: below ESTIMATE_ABOVE entries the exact count
 * (cheap), above it the planner's estimate (pg_class.reltuples, kept fresh by ANALYZE after each
 * sync and by autovacuum on PostgreSQL) minus the registrations no longer on the register (exact,
 * through a small partial index, migration 0801). Decision 0801.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";

export const ESTIMATE_ABOVE = 100_000;

export interface ListingCount {
  value: number;
  estimated: boolean;
}

export async function countListings(db: Database, estimateAbove = ESTIMATE_ABOVE): Promise<ListingCount> {
  const { rows } = await sql<{ estimate: number }>`
    SELECT reltuples::bigint AS estimate FROM pg_class WHERE oid = 'directory_entries'::regclass`.execute(db);
  const estimate = Number(rows[0]?.estimate ?? -1);
  if (estimate > estimateAbove) {
    const removed = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM directory_entries WHERE NOT on_register`.execute(db);
    return { value: Math.max(0, Math.round(estimate) - (removed.rows[0]?.n ?? 0)), estimated: true };
  }
  // Never analysed (-1) or small: count exactly (an index-only count of at most ~100,000 rows).
  const exact = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM directory_entries WHERE on_register`.execute(db);
  const n = exact.rows[0]?.n ?? 0;
  return { value: n, estimated: false };
}
