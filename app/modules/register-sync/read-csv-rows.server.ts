/**
 * CSV adapter: the EA daily export and the public-register CSV (any header set the mapping in
 * register-fields.ts knows). Streams with csv-parse; a broken record is reported by line and
 * skipped, the run goes on.
 */
import { Readable } from "node:stream";
import { parse, type Info } from "csv-parse";
import { mapHeader, type RawRegisterRow, type RegisterField } from "./register-fields";
import { SourceError, type SourceItem } from "./source-types";

export async function* readCsvRows(bytes: AsyncIterable<Buffer>): AsyncGenerator<SourceItem> {
  const skipped: { line: number; reason: string }[] = [];
  const parser = parse({
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
  });
  parser.on("skip", (error: Error & { lines?: number }) => {
    skipped.push({ line: error.lines ?? 0, reason: `unreadable CSV record: ${error.message}` });
  });
  const input = Readable.from(bytes);
  input.on("error", (error) => parser.destroy(error));
  input.pipe(parser);

  let columns: (RegisterField | undefined)[] | undefined;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; info: Info }>) {
      while (skipped.length) yield { kind: "reject", ...skipped.shift()! };
      const { record, info } = item;
      if (!columns) {
        columns = mapHeader(record);
        if (!columns.includes("registration_number")) {
          throw new SourceError(
            `The CSV has no registration number column. Columns found: ${record.slice(0, 25).join(", ") || "(none)"}`,
          );
        }
        continue;
      }
      const raw: RawRegisterRow = {};
      let any = false;
      for (let i = 0; i < columns.length; i++) {
        const field = columns[i];
        if (field === undefined) continue;
        const value = record[i];
        if (value !== undefined && value !== "") {
          raw[field] = value;
          any = true;
        }
      }
      if (!any) continue; // a row of empty cells, e.g. ",,,,"
      yield { kind: "row", line: info.lines, raw };
    }
    while (skipped.length) yield { kind: "reject", ...skipped.shift()! };
    if (!columns) throw new SourceError("The CSV is empty: no header row");
  } finally {
    input.destroy();
    parser.destroy();
  }
}
