/**
 * Rows on their way to the staging table as COPY text (decision 0110): pure, so that the staging
 * worker (stage-worker.ts) writes batches without loading anything of the database's.
 */
import type { RegisterRow } from "./normalise-row";
import { REGISTER_FIELDS } from "./register-fields";

export interface StagedRow extends RegisterRow {
  line_number: number;
}

/** register_staging's columns, in the order of each COPY line. */
export const STAGED_COLUMNS = [
  "line_number",
  ...REGISTER_FIELDS,
] as const satisfies readonly (keyof StagedRow)[];

/** A batch of COPY lines: a StagingBatch, or one a staging worker wrote. */
export interface CopyBatch {
  readonly length: number;
  toCopyText(): Uint8Array;
}

/** What COPY's text format gives a meaning to inside a value. */
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** One value as COPY text: \N for NULL; backslash, tab and line breaks escaped. */
export function copyValue(value: string | number | null): string {
  if (value === null) return "\\N";
  if (typeof value === "number") return String(value);
  return COPY_SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : value;
}

/** A batch's first buffer (bytes); it doubles when full. About 200 bytes a row. */
const FIRST_CAPACITY = 1024 * 1024;

/**
 * Rows on their way to the staging table, as the bytes of their COPY lines. Each row is written
 * into the batch's buffer as soon as it is added, character by character for ASCII values (most
 * are): no line string or string rope is built per row (decision 0110).
 */
export class StagingBatch implements CopyBatch {
  private bytes = Buffer.allocUnsafe(FIRST_CAPACITY);
  private used = 0;
  length = 0;

  static of(rows: readonly StagedRow[]): StagingBatch {
    const batch = new StagingBatch();
    for (const row of rows) batch.add(row, row.line_number);
    return batch;
  }

  add(row: RegisterRow, line: number): void {
    const most = mostBytes(row);
    if (this.used + most > this.bytes.length) this.grow(most);
    const b = this.bytes;
    // Field by field, in STAGED_COLUMNS' order: this runs for every row of the register.
    let p = writeWhole(b, this.used, line);
    p = writeField(b, tab(b, p), row.registration_number);
    p = writeField(b, tab(b, p), row.business_name);
    p = writeField(b, tab(b, p), row.uprn);
    p = writeField(b, tab(b, p), row.building);
    p = writeField(b, tab(b, p), row.address_line_1);
    p = writeField(b, tab(b, p), row.address_line_2);
    p = writeField(b, tab(b, p), row.address_line_3);
    p = writeField(b, tab(b, p), row.address_line_4);
    p = writeField(b, tab(b, p), row.town);
    p = writeField(b, tab(b, p), row.postcode);
    p = writeField(b, tab(b, p), row.country);
    p = writeNumber(b, tab(b, p), row.easting);
    p = writeNumber(b, tab(b, p), row.northing);
    p = writeField(b, tab(b, p), row.applicant_type);
    p = writeField(b, tab(b, p), row.registration_tier);
    p = writeField(b, tab(b, p), row.registration_type);
    p = writeField(b, tab(b, p), row.registration_date);
    p = writeField(b, tab(b, p), row.expiry_date);
    p = writeField(b, tab(b, p), row.company_number);
    b[p++] = 10; // \n
    this.used = p;
    this.length++;
  }

  /** Empties the batch to write it again. */
  clear(): void {
    this.used = 0;
    this.length = 0;
  }

  /** The batch as COPY text (UTF-8). */
  toCopyText(): Buffer {
    return this.bytes.subarray(0, this.used);
  }

  private grow(most: number): void {
    const bigger = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + most));
    this.bytes.copy(bigger, 0, 0, this.used);
    this.bytes = bigger;
  }
}

/** At most how many bytes a row's line takes (each UTF-16 unit 3 bytes of UTF-8, escaped: 6). */
function mostBytes(r: RegisterRow): number {
  const chars =
    r.registration_number.length +
    r.business_name.length +
    (r.uprn?.length ?? 0) +
    (r.building?.length ?? 0) +
    (r.address_line_1?.length ?? 0) +
    (r.address_line_2?.length ?? 0) +
    (r.address_line_3?.length ?? 0) +
    (r.address_line_4?.length ?? 0) +
    (r.town?.length ?? 0) +
    (r.postcode?.length ?? 0) +
    (r.country?.length ?? 0) +
    (r.applicant_type?.length ?? 0) +
    (r.registration_tier?.length ?? 0) +
    (r.registration_type?.length ?? 0) +
    (r.registration_date?.length ?? 0) +
    (r.expiry_date?.length ?? 0) +
    (r.company_number?.length ?? 0);
  // + the line number, the two grid numbers, 19 tabs and a line break
  return chars * 6 + 3 * 24 + 20;
}

/** A whole number from 0 up (the line number, a grid number): its digits, written without a string. */
function writeWhole(b: Buffer, p: number, n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) return writeField(b, p, String(n));
  let digits = 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  for (let i = p + digits - 1, rest = n; i >= p; i--, rest = Math.floor(rest / 10)) b[i] = 48 + (rest % 10);
  return p + digits;
}

/** A number field (easting, northing) or NULL. */
function writeNumber(b: Buffer, p: number, n: number | null): number {
  return n === null ? writeField(b, p, null) : writeWhole(b, p, n);
}

function tab(b: Buffer, p: number): number {
  b[p] = 9;
  return p + 1;
}

/** Writes one value as COPY text at b[p] and returns where it ends. */
function writeField(b: Buffer, p: number, text: string | null): number {
  if (text === null) {
    b[p] = 92; // \N
    b[p + 1] = 78;
    return p + 2;
  }
  const start = p;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Printable ASCII but the backslash: as it is. Anything else: the whole value the slow way.
    if (c < 32 || c > 126 || c === 92) return start + b.write(copyValue(text), start, "utf8");
    b[p++] = c;
  }
  return p;
}
