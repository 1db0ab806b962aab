/**
 * Merges the staged rows of a run into directory_entries. Runs inside the caller's transaction
 * (all or nothing). Unchanged rows (same row_hash, still on the register) are not written at all,
 * so they keep their updated_at. Claimed-listing data lives in claimed_listings and is never
 * touched; is_claimed is not in the column list, so it is never reset.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";

const COLUMNS = [
  "business_name",
  "uprn",
  "building",
  "address_line_1",
  "address_line_2",
  "address_line_3",
  "address_line_4",
  "town",
  "postcode",
  "country",
  "easting",
  "northing",
  "applicant_type",
  "registration_tier",
  "registration_type",
  "registration_date",
  "expiry_date",
  "company_number",
  "row_hash",
] as const;

export interface MergeCounts {
  added: number;
  updated: number;
  removed: number;
}

/**
 * Later lines win over earlier lines with the same registration number; the earlier ones are
 * recorded as rejected duplicates. Returns how many were.
 */
export async function rejectDuplicates(db: Database, syncId: number): Promise<number> {
  const result = await sql`
    INSERT INTO sync_rejections (sync_id, line_number, registration_number, reason)
    SELECT ${syncId}::bigint, line_number, registration_number,
           'duplicate registration number: the row on line ' || kept || ' is used'
    FROM (
      SELECT line_number, registration_number,
             max(line_number) OVER (PARTITION BY registration_number) AS kept
      FROM register_staging
    ) ranked
    WHERE line_number < kept`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

export async function mergeStagedRows(
  trx: Database,
  syncId: number,
  options: { removeMissing: boolean },
): Promise<MergeCounts> {
  const cols = sql.join(COLUMNS.map((c) => sql.ref(c)));
  const sets = sql.join(COLUMNS.map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`));
  const upsert = await sql<{ added: number; updated: number }>`
    WITH src AS (
      SELECT DISTINCT ON (registration_number) *
      FROM register_staging
      ORDER BY registration_number, line_number DESC
    ), up AS (
      INSERT INTO directory_entries AS d (registration_number, ${cols}, last_sync_id, on_register, removed_at)
      SELECT registration_number, ${cols}, ${syncId}::bigint, true, NULL FROM src
      ON CONFLICT (registration_number) DO UPDATE SET
        ${sets}, last_sync_id = excluded.last_sync_id, on_register = true, removed_at = NULL, updated_at = now()
      WHERE d.row_hash IS DISTINCT FROM excluded.row_hash OR NOT d.on_register
      RETURNING (xmax = 0) AS added
    )
    SELECT (count(*) FILTER (WHERE added))::int AS added, (count(*) FILTER (WHERE NOT added))::int AS updated FROM up
  `.execute(trx);
  const { added, updated } = upsert.rows[0] ?? { added: 0, updated: 0 };

  let removed = 0;
  if (options.removeMissing) {
    const result = await sql`
      UPDATE directory_entries d
      SET on_register = false, removed_at = now(), updated_at = now(), last_sync_id = ${syncId}::bigint
      WHERE d.on_register
        AND NOT EXISTS (SELECT 1 FROM register_staging s WHERE s.registration_number = d.registration_number)`.execute(trx);
    removed = Number(result.numAffectedRows ?? 0);
  }
  return { added: Number(added), updated: Number(updated), removed };
}
