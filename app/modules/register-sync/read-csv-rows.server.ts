/**
 * CSV adapter: the EA daily export and the public-register CSV (any header set the mapping in
 * register-fields.ts knows). Streams chunk by chunk (split-csv-records.ts); a record that cannot
 * be read, or is longer than the record cap, is reported by line, the run goes on. It yields the
 * items of one slice of the input at a time (one await per slice, not per row) and hands the event
 * loop back between slices (yield-to-event-loop.ts); the sync runs it in its staging worker.
 */
import { StringDecoder } from "node:string_decoder";
import { emptyRawRow, mapHeader, type RegisterField } from "./register-fields";
import { SourceError, type SourceItem } from "./source-types";
import { CsvRecordSplitter, type CsvRecord } from "./split-csv-records";
import { EventLoopYielder, sliced } from "./yield-to-event-loop";

export async function* readCsvRows(bytes: AsyncIterable<Buffer>): AsyncGenerator<SourceItem[]> {
  const decoder = new StringDecoder("utf8");
  const splitter = new CsvRecordSplitter();
  const yielder = new EventLoopYielder();
  let columns: (RegisterField | undefined)[] | undefined;
  const records: CsvRecord[] = [];
  const input = sliced(bytes);

  /** The record as a source item; null for the header and for rows of empty cells (",,,,"). */
  const toItem = (record: CsvRecord): SourceItem | null => {
    if ("error" in record) {
      if (!columns)
        throw new SourceError(`The CSV's header row (line ${record.line}) cannot be read: ${record.error}`);
      return {
        kind: "reject",
        line: record.line,
        reason: record.tooLong ? record.error : `unreadable CSV record: ${record.error}`,
      };
    }
    const { fields, line } = record;
    if (!columns) {
      columns = mapHeader(fields);
      if (!columns.includes("registration_number")) {
        throw new SourceError(
          `The CSV has no registration number column. Columns found: ${fields.slice(0, 25).join(", ").slice(0, 2000) || "(none)"}`,
        );
      }
      return null;
    }
    const raw = emptyRawRow();
    let any = false;
    const count = Math.min(columns.length, fields.length);
    for (let i = 0; i < count; i++) {
      const field = columns[i];
      if (field === undefined) continue;
      const value = fields[i];
      if (value !== "") {
        raw[field] = value;
        any = true;
      }
    }
    return any ? { kind: "row", line, raw } : null;
  };

  try {
    let done = false;
    while (!done) {
      // The records of one slice of text at a time, handing the event loop back between them.
      const next = await input.next();
      if (next.done) {
        splitter.push(decoder.end(), records);
        splitter.end(records);
        done = true;
      } else {
        splitter.push(decoder.write(next.value), records);
      }
      const items: SourceItem[] = [];
      for (let i = 0; i < records.length; i++) {
        const item = toItem(records[i]);
        if (item) items.push(item);
      }
      records.length = 0;
      if (items.length) yield items;
      if (yielder.due()) await yielder.yield();
    }
  } finally {
    await input.return?.();
  }
  if (!columns) throw new SourceError("The CSV is empty: no header row");
}
