/**
 * Writes a batch of validated rows into the staging table with COPY (decision 0110): the batch is
 * one block of COPY text, written as the rows are validated, and loaded in one statement. Each
 * row's hash (row_hash: equal hashes mean an unchanged registration) is computed here, from the
 * bytes just written.
 */
import { sql } from "kysely";
import { copyIn } from "~/platform/db/copy-in.server";
import type { Database } from "~/platform/db/database.server";
import { md5Base64, Md5Input } from "./md5";
import type { RegisterRow } from "./normalise-row";
import { REGISTER_FIELDS } from "./register-fields";

export interface StagedRow extends RegisterRow {
  line_number: number;
}

/** register_staging's columns, in the order of each COPY line. */
const STAGED_COLUMNS = ["line_number", ...REGISTER_FIELDS, "row_hash"] as const satisfies readonly (
  keyof StagedRow | "row_hash"
)[];

/** What COPY's text format gives a meaning to inside a value. */
const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** One value as COPY text: \N for NULL; backslash, tab and line breaks escaped. */
export function copyValue(value: string | number | null): string {
  if (value === null) return "\\N";
  if (typeof value === "number") return String(value);
  return COPY_SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]) : value;
}

/** A batch's first buffer (bytes); it doubles when full. About 220 bytes a row. */
const FIRST_CAPACITY = 1024 * 1024;

/**
 * Rows on their way to the staging table, as the bytes of their COPY lines. Each row is written
 * into the batch's buffer as soon as it is added, character by character for ASCII values (most
 * are): no line string or string rope is built per row, and the bytes the row's hash is computed
 * from are written in the same pass (decision 0110).
 */
export class StagingBatch {
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
    hash.ensure(most);
    const b = this.bytes;
    hashLength = 0;
    // Field by field, in STAGED_COLUMNS' order: this runs for every row of the register.
    let p = writeWhole(b, this.used, line);
    p = writeField(b, tab(b, p), row.registration_number, true);
    p = writeField(b, tab(b, p), row.business_name, true);
    p = writeField(b, tab(b, p), row.uprn, true);
    p = writeField(b, tab(b, p), row.building, true);
    p = writeField(b, tab(b, p), row.address_line_1, true);
    p = writeField(b, tab(b, p), row.address_line_2, true);
    p = writeField(b, tab(b, p), row.address_line_3, true);
    p = writeField(b, tab(b, p), row.address_line_4, true);
    p = writeField(b, tab(b, p), row.town, true);
    p = writeField(b, tab(b, p), row.postcode, true);
    p = writeField(b, tab(b, p), row.country, true);
    p = writeNumber(b, tab(b, p), row.easting);
    p = writeNumber(b, tab(b, p), row.northing);
    p = writeField(b, tab(b, p), row.applicant_type, true);
    p = writeField(b, tab(b, p), row.registration_tier, true);
    p = writeField(b, tab(b, p), row.registration_type, true);
    p = writeField(b, tab(b, p), row.registration_date, true);
    p = writeField(b, tab(b, p), row.expiry_date, true);
    p = writeField(b, tab(b, p), row.company_number, true);
    p = writeField(b, tab(b, p), md5Base64(hash, hashLength), false);
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

/**
 * The row's hash, since migration 0101: MD5 (base64) of the register fields in REGISTER_FIELDS'
 * order (STAGED_COLUMNS' order), each as its UTF-8 text followed by 0x1F, a NULL as 0x00.
 * Reordering the fields or changing the form of a value changes every hash, and the next sync
 * then rewrites every row once.
 */
export function rowHash(row: RegisterRow): string {
  scratch.clear();
  scratch.add(row, 0);
  const line = scratch.toCopyText();
  // The hash is the line's last field: between the last tab and the line break.
  return line.toString("latin1", line.lastIndexOf(9) + 1, line.length - 1);
}

/** The bytes the row's hash is computed from, and how many are written. */
const hash = new Md5Input();
let hashLength = 0;
const scratch = new StagingBatch();

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
  // + the line number, the two grid numbers, the hash, 21 tabs and a line break
  return chars * 6 + 3 * 24 + 24 + 22;
}

/** A whole number from 0 up (the line number): its digits, written without a string. */
function writeWhole(b: Buffer, p: number, n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) return writeField(b, p, String(n), false);
  let digits = 1;
  for (let rest = n; rest >= 10; rest = Math.floor(rest / 10)) digits++;
  for (let i = p + digits - 1, rest = n; i >= p; i--, rest = Math.floor(rest / 10)) b[i] = 48 + (rest % 10);
  return p + digits;
}

/** A hashed number field (easting, northing): its digits, also into the hash's input. */
function writeNumber(b: Buffer, p: number, n: number | null): number {
  if (n === null || !Number.isSafeInteger(n) || n < 0)
    return writeField(b, p, n === null ? null : String(n), true);
  const end = writeWhole(b, p, n);
  const h = hash.bytes;
  for (let i = p; i < end; i++) h[hashLength++] = b[i];
  h[hashLength++] = 0x1f;
  return end;
}

function tab(b: Buffer, p: number): number {
  b[p] = 9;
  return p + 1;
}

/**
 * Writes one value as COPY text at b[p] and returns where it ends. A value `inHash` is also
 * written, as it is, after the hash's input so far, followed by 0x1F (a NULL as 0x00); any other
 * value's copy there is overwritten by the next.
 */
function writeField(b: Buffer, p: number, text: string | null, inHash: boolean): number {
  const h = hash.bytes;
  let n = hashLength;
  if (text === null) {
    b[p] = 92; // \N
    b[p + 1] = 78;
    if (inHash) {
      h[n] = 0;
      h[n + 1] = 0x1f;
      hashLength = n + 2;
    }
    return p + 2;
  }
  const start = p;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Printable ASCII but the backslash: as it is. Anything else: the whole value the slow way.
    if (c < 32 || c > 126 || c === 92) {
      p = start + b.write(copyValue(text), start, "utf8");
      n = hashLength + Buffer.from(h.buffer, h.byteOffset, h.length).write(text, hashLength, "utf8");
      break;
    }
    b[p++] = c;
    h[n++] = c;
  }
  if (inHash) {
    h[n] = 0x1f;
    hashLength = n + 1;
  }
  return p;
}

/**
 * With `syncId`, the batch is written only while that run's log is still 'running' (checked in
 * the COPY's transaction, the log row locked until it commits): a run that an admin cleared
 * ('Clear Stuck Syncs') while it was alive can never add rows to the staging table of the run
 * started after it. Returns how many rows were written (0 for a cleared run).
 */
export async function stageRegisterRows(db: Database, batch: StagingBatch, syncId?: number): Promise<number> {
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
