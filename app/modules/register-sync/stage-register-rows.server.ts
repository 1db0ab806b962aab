/**
 * Writes a batch of validated rows into the staging table with one statement: one array
 * parameter per column, expanded by unnest (no per-row parameters, no huge SQL text).
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import type { RegisterRow } from "./normalise-row";

export interface StagedRow extends RegisterRow {
  line_number: number;
}

/**
 * A Postgres array literal for one column, built directly (faster than the driver's generic
 * array serialisation, which this loop runs 6 million times for a 300,000-row register).
 */
export function arrayLiteral(values: readonly (string | number | null)[]): string {
  let out = "{";
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ",";
    const v = values[i];
    if (v === null) out += "NULL";
    else if (typeof v === "number") out += String(v);
    else out += `"${v.includes("\\") || v.includes('"') ? v.replace(/[\\"]/g, "\\$&") : v}"`;
  }
  return out + "}";
}

/**
 * With `syncId`, the batch is written only while that run's log is still 'running': a run that an
 * admin cleared ('Clear Stuck Syncs') while it was alive can never add rows to the staging table of
 * the run started after it.
 */
export async function stageRegisterRows(db: Database, rows: readonly StagedRow[], syncId?: number): Promise<void> {
  if (rows.length === 0) return;
  const col = <K extends keyof StagedRow>(key: K) => arrayLiteral(rows.map((r) => r[key] as string | number | null));
  await sql`
    INSERT INTO register_staging (
      line_number, registration_number, business_name, uprn, building,
      address_line_1, address_line_2, address_line_3, address_line_4, town, postcode, country,
      easting, northing, applicant_type, registration_tier, registration_type,
      registration_date, expiry_date, company_number, row_hash)
    SELECT * FROM unnest(
      ${col("line_number")}::int[], ${col("registration_number")}::text[], ${col("business_name")}::text[],
      ${col("uprn")}::text[], ${col("building")}::text[],
      ${col("address_line_1")}::text[], ${col("address_line_2")}::text[], ${col("address_line_3")}::text[],
      ${col("address_line_4")}::text[], ${col("town")}::text[], ${col("postcode")}::text[], ${col("country")}::text[],
      ${col("easting")}::int[], ${col("northing")}::int[], ${col("applicant_type")}::text[],
      ${col("registration_tier")}::text[], ${col("registration_type")}::text[],
      ${col("registration_date")}::date[], ${col("expiry_date")}::date[], ${col("company_number")}::text[],
      ${col("row_hash")}::text[])
    ${syncId === undefined ? sql`` : sql`WHERE EXISTS (SELECT 1 FROM sync_log WHERE id = ${syncId} AND status = 'running')`}`.execute(db);
}

export async function clearStaging(db: Database): Promise<void> {
  await sql`TRUNCATE register_staging`.execute(db);
}
