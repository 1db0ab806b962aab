/**
 * The one CSV writer (RFC 4180 lines, CRLF): the waste-note export and the admin lists' exports
 * (decision 0806). A cell a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) gets a leading apostrophe, so it is shown as text and never evaluated.
 */
import { formatDate, formatDateTime, type DateValue } from "./dates";

/** One cell: neutralised against formulas, quoted when it holds a quote, comma or line break. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One line, CRLF-terminated. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** A moment as UK spreadsheets read it: "24/11/2026 14:05" (UK time); "" for none. */
export function csvDateTime(value: DateValue): string {
  return formatDateTime(value, "numeric").replace(",", "");
}

/** A day as UK spreadsheets read it: "24/11/2026"; "" for none. */
export function csvDate(value: DateValue): string {
  return formatDate(value, "numeric");
}

/**
 * What an export module hands the web layer: the file's name (before the date), the header and
 * the rows in batches, read as they are written (never all in memory).
 */
export interface CsvExport {
  /** "leads": the download is named leads-2026-11-24.csv. */
  name: string;
  columns: readonly string[];
  batches: AsyncIterable<string[][]>;
}

/** Each batch's rows as cells, as the batches come (nothing read ahead). */
export async function* mapBatches<T>(
  batches: AsyncIterable<T[]>,
  toCells: (row: T) => string[],
): AsyncGenerator<string[][]> {
  for await (const batch of batches) yield batch.map(toCells);
}
