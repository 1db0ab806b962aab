import { Readable } from "node:stream";
import { parse as parseSync } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { normaliseRow, parseDate } from "./normalise-row";
import { readCsvRows } from "./read-csv-rows.server";
import { readJsonRows } from "./read-json-rows.server";
import { mapHeader, resolveField } from "./register-fields";
import { sampleRegisterLines } from "./sample-register";
import { CsvRecordSplitter, type CsvRecord } from "./split-csv-records";
import { SeenNumbers } from "./seen-numbers";
import { type RegisterRow } from "./normalise-row";
import { copyValue, StagingBatch } from "./staging-batch";

/** Every item a reader yields (it yields them a slice of the input at a time). */
async function collect<T>(it: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const xs of it) out.push(...xs);
  return out;
}

/** The text in chunks of `size` bytes, to cross every boundary a stream can have. */
async function* chunks(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe("header mapping", () => {
  it("matches names case- and space-insensitively, with aliases, in one place", () => {
    expect(
      mapHeader(["Registration Number", " business name ", "RENEWAL DATE", "Post Code", "Unknown"]),
    ).toEqual(["registration_number", "business_name", "expiry_date", "postcode", undefined]);
    expect(resolveField("holder.companyNumber")).toBe("company_number");
    expect(resolveField("Expiry date")).toBe("expiry_date");
  });
});

describe("row rules", () => {
  const base = {
    registration_number: "CBDU1234",
    business_name: "A Ltd",
    registration_tier: "UPPER",
    expiry_date: "2030-01-01",
  };
  it("normalises and rejects with reasons", () => {
    expect(normaliseRow({ ...base, registration_number: "  cbdu1234 " })).toMatchObject({
      ok: true,
      row: { registration_number: "CBDU1234" },
    });
    expect(normaliseRow({ ...base, registration_number: " " })).toEqual({
      ok: false,
      reason: "missing registration number",
      registrationNumber: null,
    });
    expect(normaliseRow({ ...base, northing: "12,5" })).toMatchObject({
      ok: false,
      reason: "bad number format for northing '12,5'",
    });
    expect(normaliseRow({ ...base, registration_type: "collector" })).toMatchObject({
      ok: false,
      reason: "unknown registration type 'collector'",
    });
    expect(normaliseRow({ registration_number: "CBDL9", business_name: "B" })).toMatchObject({ ok: false });
    // An upper tier registration always has an expiry date (decision 0280).
    expect(normaliseRow({ ...base, expiry_date: " " })).toEqual({
      ok: false,
      reason: "missing expiry date: an upper tier registration always has one",
      registrationNumber: "CBDU1234",
    });
    expect(
      normaliseRow({ registration_number: "CBDL999", business_name: "B", expiry_date: "2020-01-01" }),
    ).toMatchObject({
      ok: true,
      row: { registration_tier: "LOWER", expiry_date: null, registration_type: "carrier_broker_dealer" },
    });
  });
  it("parses dates strictly", () => {
    expect(parseDate("2024-02-29", "d")).toBe("2024-02-29");
    expect(parseDate("01/02/2024", "d")).toBe("2024-02-01");
    expect(() => parseDate("2023-02-29", "d")).toThrow(/no such date/);
    expect(() => parseDate("March 2024", "d")).toThrow(/malformed d/);
  });
});

describe("source adapters", () => {
  const json = JSON.stringify({
    meta: { note: 'tricky "items": [ { } ]', items: 3 },
    items: [
      { registrationNumber: "CBDU1", holder: { name: 'Q \\ "quoted" {Ltd}' }, tier: { label: "Upper" } },
      "not an object",
      { registrationNumber: "CBDU2", holder: { name: "Ünïcödé Waste £" } },
    ],
  });
  it.each([1, 2, 3, 7, 64, 100_000])("reads JSON items across %i-byte chunk boundaries", async (size) => {
    const items = await collect(readJsonRows(chunks(json, size)));
    expect(items).toEqual([
      {
        kind: "row",
        line: 1,
        raw: {
          registration_number: "CBDU1",
          business_name: 'Q \\ "quoted" {Ltd}',
          registration_tier: "Upper",
        },
      },
      { kind: "reject", line: 2, reason: "item is not an object" },
      { kind: "row", line: 3, raw: { registration_number: "CBDU2", business_name: "Ünïcödé Waste £" } },
    ]);
  });
  it("reads a bare JSON array and refuses JSON without items", async () => {
    expect(await collect(readJsonRows(chunks('[{"registrationNumber":"CBDU1"}]', 5)))).toHaveLength(1);
    await expect(collect(readJsonRows(chunks('{"meta":{}}', 5)))).rejects.toThrow(/no "items" array/);
    await expect(
      collect(readJsonRows(chunks('{"items":[{"registrationNumber":"CBDU1"},{"regis', 5))),
    ).rejects.toThrow(/truncated/);
  });
  it("reads CSV with quoted multi-line fields and reports line numbers", async () => {
    const csv = 'Registration number,Organisation name\nCBDU1,"Two\nLines Ltd"\n,,\nCBDU2,Plain\n';
    const items = await collect(readCsvRows(Readable.from(chunks(csv, 3))));
    expect(items).toEqual([
      { kind: "row", line: 2, raw: { registration_number: "CBDU1", business_name: "Two\nLines Ltd" } },
      { kind: "row", line: 5, raw: { registration_number: "CBDU2", business_name: "Plain" } },
    ]);
  });
});

describe("CSV record splitter", () => {
  const split = (text: string, size: number) => {
    const splitter = new CsvRecordSplitter();
    const out: CsvRecord[] = [];
    for (let i = 0; i < text.length; i += size) splitter.push(text.slice(i, i + size), out);
    splitter.end(out);
    return out;
  };
  const tricky = '\uFEFFa,b,c\n1,"x, ""y""",z\n\n2,"multi\r\nline",\n"last","field"';

  it.each([1, 2, 5, 1000])(
    "agrees with csv-parse on quoting, CRLF, BOM and empty lines in %i-character chunks",
    (size) => {
      const expected = parseSync(tricky, {
        bom: true,
        relax_column_count: true,
        skip_empty_lines: true,
      }) as string[][];
      const got = split(tricky, size);
      expect(got.map((r) => ("fields" in r ? r.fields : r.error))).toEqual(expected);
      expect(got.map((r) => r.line)).toEqual([1, 2, 4, 6]);
    },
  );

  it("reads CRLF line ends", () => {
    expect(split('a,b\r\n1,"2"\r\n3,\r\n', 2)).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, fields: ["1", "2"] },
      { line: 3, fields: ["3", ""] },
    ]);
  });

  it("is lenient with stray quotes, like spreadsheet software", () => {
    expect(split('3,"q"stray,""\n4,5"inch,6\n', 3)).toEqual([
      { line: 1, fields: ["3", "qstray", ""] },
      { line: 2, fields: ["4", '5"inch', "6"] },
    ]);
  });

  it("agrees with csv-parse on a generated register", () => {
    const text = [...sampleRegisterLines({ rows: 3000, seed: 9, malformed: 10 })].join("\n") + "\n";
    const expected = parseSync(text) as string[][];
    expect(split(text, 4096).map((r) => ("fields" in r ? r.fields : r.error))).toEqual(expected);
  });

  it("reports a quote left open at the end of the file", () => {
    expect(split('a,b\n1,"open\n2,3\n', 4)).toEqual([
      { line: 1, fields: ["a", "b"] },
      { line: 2, error: "unterminated quoted field (the file ends inside quotes)" },
    ]);
  });
});

describe("staging COPY text", () => {
  it("escapes backslashes, tabs and line breaks, and writes NULLs as \\N", () => {
    expect(
      ["a", 'say "hi"', "back\\slash", "tab\there", "two\r\nlines", "{x,y}", null, 12].map(copyValue),
    ).toEqual(["a", 'say "hi"', "back\\\\slash", "tab\\there", "two\\r\\nlines", "{x,y}", "\\N", "12"]);
  });
});

describe("staging batches", () => {
  const row: RegisterRow = {
    registration_number: "CBDU1",
    business_name: "Back\\slash & Sons",
    uprn: null,
    building: "Ünït 2 — 😀",
    address_line_1: "Tab\there",
    address_line_2: "Two\r\nlines",
    address_line_3: null,
    address_line_4: null,
    town: "Leeds",
    postcode: "LS1 1AA",
    country: null,
    easting: 430000,
    northing: 433000,
    applicant_type: "limitedCompany",
    registration_tier: "UPPER",
    registration_type: "carrier_broker_dealer",
    registration_date: "2020-01-02",
    expiry_date: null,
    company_number: "01234567",
  };

  it("writes each row as one COPY line: line number, the fields escaped, NULL as \\N", () => {
    const batch = new StagingBatch();
    batch.add(row, 7);
    expect(batch.length).toBe(1);
    expect(batch.toCopyText().toString("utf8")).toBe(
      [
        "7",
        "CBDU1",
        "Back\\\\slash & Sons",
        "\\N",
        "Ünït 2 — 😀",
        "Tab\\there",
        "Two\\r\\nlines",
        "\\N",
        "\\N",
        "Leeds",
        "LS1 1AA",
        "\\N",
        "430000",
        "433000",
        "limitedCompany",
        "UPPER",
        "carrier_broker_dealer",
        "2020-01-02",
        "\\N",
        "01234567",
      ].join("\t") + "\n",
    );
  });
});

describe("seen registration numbers", () => {
  it("is certain about numbers never seen and flags a repeated one", () => {
    const seen = new SeenNumbers();
    for (let i = 0; i < 1_000_000; i++) seen.add(`CBD${i % 2 ? "U" : "L"}${100_000 + i}`);
    expect(seen.maybeDuplicates).toBe(false);
    seen.add("CBDU100123");
    expect(seen.maybeDuplicates).toBe(true);
  });
});
