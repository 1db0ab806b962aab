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
  // Pieces joined once: one flat string, not a rope of thousands of concatenations for the
  // garbage collector to walk and flatten.
  const parts = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null) parts[i] = "NULL";
    else if (typeof v === "number") parts[i] = String(v);
    else parts[i] = `"${v.includes("\\") || v.includes('"') ? v.replace(/[\\"]/g, "\\$&") : v}"`;
  }
  return `{${parts.join(",")}}`;
}

const STAGED_COLUMNS = [
  ["line_number", "int"],
  ["registration_number", "text"],
  ["business_name", "text"],
  ["uprn", "text"],
  ["building", "text"],
  ["address_line_1", "text"],
  ["address_line_2", "text"],
  ["address_line_3", "text"],
  ["address_line_4", "text"],
  ["town", "text"],
  ["postcode", "text"],
  ["country", "text"],
  ["easting", "int"],
  ["northing", "int"],
  ["applicant_type", "text"],
  ["registration_tier", "text"],
  ["registration_type", "text"],
  ["registration_date", "date"],
  ["expiry_date", "date"],
  ["company_number", "text"],
  ["row_hash", "text"],
] as const satisfies readonly (readonly [keyof StagedRow, string])[];

/**
 * Rows on their way to the staging table, held as one array per column: each normalised row
 * object is dropped as soon as it is added, so a batch of thousands of rows costs the garbage
 * collector a few arrays instead of thousands of long-lived objects.
 */
export class StagingBatch {
  readonly columns: (string | number | null)[][] = STAGED_COLUMNS.map(() => []);
  length = 0;

  static of(rows: readonly StagedRow[]): StagingBatch {
    const batch = new StagingBatch();
    for (const row of rows) batch.add(row, row.line_number);
    return batch;
  }

  add(row: RegisterRow, line: number): void {
    const c = this.columns;
    c[0].push(line);
    c[1].push(row.registration_number);
    c[2].push(row.business_name);
    c[3].push(row.uprn);
    c[4].push(row.building);
    c[5].push(row.address_line_1);
    c[6].push(row.address_line_2);
    c[7].push(row.address_line_3);
    c[8].push(row.address_line_4);
    c[9].push(row.town);
    c[10].push(row.postcode);
    c[11].push(row.country);
    c[12].push(row.easting);
    c[13].push(row.northing);
    c[14].push(row.applicant_type);
    c[15].push(row.registration_tier);
    c[16].push(row.registration_type);
    c[17].push(row.registration_date);
    c[18].push(row.expiry_date);
    c[19].push(row.company_number);
    c[20].push(row.row_hash);
    this.length++;
  }
}

/**
 * With `syncId`, the batch is written only while that run's log is still 'running': a run that an
 * admin cleared ('Clear Stuck Syncs') while it was alive can never add rows to the staging table of
 * the run started after it. Returns how many rows were written (0 for a cleared run).
 */
export async function stageRegisterRows(db: Database, batch: StagingBatch, syncId?: number): Promise<number> {
  if (batch.length === 0) return 0;
  const arrays = STAGED_COLUMNS.map(
    ([, type], i) => sql`${arrayLiteral(batch.columns[i])}::${sql.raw(type)}[]`,
  );
  const result = await sql`
    INSERT INTO register_staging (${sql.join(STAGED_COLUMNS.map(([name]) => sql.ref(name)))})
    SELECT * FROM unnest(${sql.join(arrays)})
    ${syncId === undefined ? sql`` : sql`WHERE EXISTS (SELECT 1 FROM sync_log WHERE id = ${syncId} AND status = 'running')`}`.execute(
    db,
  );
  return Number(result.numAffectedRows ?? 0);
}

export async function clearStaging(db: Database): Promise<void> {
  await sql`TRUNCATE register_staging`.execute(db);
}
