/**
 * CSV adapter: the EA daily export and the public-register CSV (any header set the mapping in
 * register-fields.ts knows). Streams chunk by chunk (split-csv-records.ts); a record that cannot
 * be read is reported by line, the run goes on.
 */
import { StringDecoder } from "node:string_decoder";
import { emptyRawRow, mapHeader, type RegisterField } from "./register-fields";
import { SourceError, type SourceItem } from "./source-types";
import { CsvRecordSplitter, type CsvRecord } from "./split-csv-records";

export async function* readCsvRows(bytes: AsyncIterable<Buffer>): AsyncGenerator<SourceItem> {
  const decoder = new StringDecoder("utf8");
  const splitter = new CsvRecordSplitter();
  let columns: (RegisterField | undefined)[] | undefined;
  const records: CsvRecord[] = [];

  const emit = function* (): Generator<SourceItem> {
    for (const record of records) {
      if ("error" in record) {
        yield { kind: "reject", line: record.line, reason: `unreadable CSV record: ${record.error}` };
        continue;
      }
      const { fields, line } = record;
      if (!columns) {
        columns = mapHeader(fields);
        if (!columns.includes("registration_number")) {
          throw new SourceError(
            `The CSV has no registration number column. Columns found: ${fields.slice(0, 25).join(", ") || "(none)"}`,
          );
        }
        continue;
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
      if (any) yield { kind: "row", line, raw }; // a row of empty cells (",,,,") is skipped
    }
    records.length = 0;
  };

  for await (const chunk of bytes) {
    splitter.push(decoder.write(chunk), records);
    yield* emit();
  }
  splitter.push(decoder.end(), records);
  splitter.end(records);
  yield* emit();
  if (!columns) throw new SourceError("The CSV is empty: no header row");
}
