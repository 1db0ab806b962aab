/**
 * The readers against hostile register files (decision 0109), without a database: records over
 * the record cap are skipped with bounded memory and linear work, the splitter's chunked reading
 * agrees with reading the whole text, JSON items are capped, field caps reject rows, and the
 * readers hand the event loop back while they parse.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { normaliseRow } from "./normalise-row";
import { readCsvRows } from "./read-csv-rows.server";
import { readJsonRows } from "./read-json-rows.server";
import { REGISTER_FIELDS, type RawRegisterRow } from "./register-fields";
import { FIELD_MAX_CHARS, MAX_RECORD_CHARS } from "./register-limits";
import type { SourceItem } from "./source-types";
import { CsvRecordSplitter, type CsvRecord } from "./split-csv-records";

const HOSTILE = path.resolve(import.meta.dirname, "../../../tests/fixtures/register/hostile");
const CHUNK = 256 * 1024;
const TOO_LONG = /^record too long: over 65,536 characters \(skipped without being read/;

/** Every item a reader yields (it yields them a slice of the input at a time). */
async function collect<T>(it: AsyncIterable<T[]>): Promise<T[]> {
  const out: T[] = [];
  for await (const xs of it) out.push(...xs);
  return out;
}

/** Text as a stream of byte chunks, each handed over without any I/O (promise callbacks only). */
async function* inMemory(parts: Iterable<string | Buffer>): AsyncGenerator<Buffer> {
  for (const part of parts) yield typeof part === "string" ? Buffer.from(part) : part;
}

/** A line of `length` characters cut in CHUNK-sized pieces (the same flat piece reused: no 49 MB string). */
function* longLine(length: number, piece = "x"): Generator<string> {
  const block = piece.repeat(Math.ceil(CHUNK / piece.length)).slice(0, CHUNK);
  for (let left = length; left > 0; left -= CHUNK) yield left >= CHUNK ? block : block.slice(0, left);
}

function splitAll(parts: Iterable<string>, splitter = new CsvRecordSplitter()) {
  const out: CsvRecord[] = [];
  let maxBuffered = 0;
  for (const part of parts) {
    splitter.push(part, out);
    maxBuffered = Math.max(maxBuffered, splitter.bufferedChars);
  }
  splitter.end(out);
  return { out, maxBuffered };
}

const summary = (records: CsvRecord[]) =>
  records.map((r) => [r.line, "error" in r ? r.error : r.fields.length]);

describe("CSV records over the record cap", () => {
  it("skips a 49 MB line without holding it, quickly, and numbers the lines after it right", () => {
    const started = performance.now();
    const { out, maxBuffered } = splitAll([
      "Registration number,Organisation name\nCBDU1,Before Ltd\nCBDU2,",
      ...longLine(49_000_000),
      "\nCBDU3,After Ltd\n",
    ]);
    const ms = performance.now() - started;
    expect(out).toEqual([
      { line: 1, fields: ["Registration number", "Organisation name"] },
      { line: 2, fields: ["CBDU1", "Before Ltd"] },
      { line: 3, error: expect.stringMatching(TOO_LONG), tooLong: true },
      { line: 4, fields: ["CBDU3", "After Ltd"] },
    ]);
    // Never more than the cap held between chunks (the old splitter kept the whole 49 MB line and
    // re-scanned it from its start at every chunk: seconds of work growing with the square of the
    // line). Linear work here takes well under a second; the bound leaves room for a busy machine.
    expect(maxBuffered).toBeLessThanOrEqual(MAX_RECORD_CHARS);
    expect(ms).toBeLessThan(5_000);
  });

  it("skips a long quoted record to its real end, counting its line breaks", () => {
    const quoted = `"${"x\n".repeat(40_000)}"`; // 80,002 characters over 40,001 lines
    const { out, maxBuffered } = splitAll(["a,b\n1,", ...chunked(quoted, 1000), ",2\n3,4\n"]);
    expect(summary(out)).toEqual([
      [1, 2],
      [2, expect.stringMatching(TOO_LONG)],
      [40_003, 2],
    ]);
    expect(maxBuffered).toBeLessThanOrEqual(MAX_RECORD_CHARS);
  });

  it("a quoted field that never closes is skipped to the end of the file with memory bounded", () => {
    const { out, maxBuffered } = splitAll([
      'a,b\n1,2\n3,"never closes ',
      ...longLine(5_000_000, "text, commas and\nline breaks, "),
    ]);
    expect(summary(out)).toEqual([
      [1, 2],
      [2, 2],
      [
        3,
        "record too long: over 65,536 characters (skipped without being read; a quoted field on this line never closes: the file ends inside quotes)",
      ],
    ]);
    expect(maxBuffered).toBeLessThanOrEqual(MAX_RECORD_CHARS);
  });

  it("keeps a record of exactly the cap and skips one character more, whole or in chunks", () => {
    for (const size of [1, 7, 1000]) {
      const splitter = new CsvRecordSplitter(20);
      const text = `${"a".repeat(10)},${"b".repeat(9)}\n"${"c".repeat(17)}",\n${"d".repeat(21)}\n"${"e\n".repeat(12)}"\nok\n`;
      const { out } = splitAll(chunked(text, size), splitter);
      expect(summary(out)).toEqual([
        [1, 2],
        [2, 2],
        [3, expect.stringMatching(/^record too long/)],
        [4, expect.stringMatching(/^record too long/)],
        [17, 1],
      ]);
    }
  });

  it("reads the same records in any chunking as from the whole text, with and without a cap (fuzzed)", () => {
    let seed = 109;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const pieces = ["a", "bc", ",", '"', '""', "\n", "\r\n", " ", ',"', '"\n'];
    for (let round = 0; round < 3000; round++) {
      let text = "";
      const length = Math.floor(random() * 240);
      while (text.length < length) text += pieces[Math.floor(random() * pieces.length)];
      for (const cap of [MAX_RECORD_CHARS, 16]) {
        const whole = splitAll([text], new CsvRecordSplitter(cap)).out;
        const parts: string[] = [];
        for (let i = 0; i < text.length;) {
          const n = 1 + Math.floor(random() * 9);
          parts.push(text.slice(i, i + n));
          i += n;
        }
        expect(splitAll(parts, new CsvRecordSplitter(cap)).out, JSON.stringify(text)).toEqual(whole);
      }
    }
  });

  it("the CSV reader reports a too-long record by line and reads the rest", async () => {
    const items = await collect(
      readCsvRows(
        inMemory([
          "Registration number,Organisation name\nCBDU1,A\nCBDU2,",
          ...longLine(200_000),
          "\nCBDU3,C\n",
        ]),
      ),
    );
    expect(items).toEqual([
      {
        kind: "row",
        line: 2,
        raw: expect.objectContaining({ registration_number: "CBDU1", business_name: "A" }),
      },
      { kind: "reject", line: 3, reason: expect.stringMatching(TOO_LONG) },
      {
        kind: "row",
        line: 4,
        raw: expect.objectContaining({ registration_number: "CBDU3", business_name: "C" }),
      },
    ]);
  });

  it("refuses a header row over the cap as a whole-file error", async () => {
    await expect(
      collect(readCsvRows(inMemory(["Registration number,", ...longLine(100_000), "\nCBDU1,A\n"]))),
    ).rejects.toThrow(/^The CSV's header row \(line 1\) cannot be read: record too long/);
  });
});

describe("JSON items over the caps", () => {
  it("skips an item over the record cap and a 5,000-deep item, and reads the others", async () => {
    const big = `{"registrationNumber":"CBDU2","holder":{"name":"${"n".repeat(100_000)}"}}`;
    const json = `{"${"k".repeat(300_000)}":1,"items":[{"registrationNumber":"CBDU1"},${big},{"registrationNumber":"CBDU3"}]}`;
    const items = await collect(readJsonRows(inMemory(chunked(json, 4096))));
    expect(items).toEqual([
      { kind: "row", line: 1, raw: { registration_number: "CBDU1" } },
      {
        kind: "reject",
        line: 2,
        reason: "item too long: over 65,536 characters (skipped without being read)",
      },
      { kind: "row", line: 3, raw: { registration_number: "CBDU3" } },
    ]);
    const deep = await collect(
      readJsonRows(fs.createReadStream(path.join(HOSTILE, "deep-nesting.json"), { highWaterMark: 1024 })),
    );
    expect(deep).toEqual([
      {
        kind: "row",
        line: 1,
        raw: {
          registration_number: "CBDU600001",
          business_name: "Shallow One Ltd",
          registration_tier: "Upper",
          // An upper tier registration always has one (decision 0280).
          expiry_date: "2030-01-01",
        },
      },
      { kind: "reject", line: 2, reason: "item nested more than 16 levels deep" },
      {
        kind: "row",
        line: 3,
        raw: {
          registration_number: "CBDU600003",
          business_name: "Shallow Three Ltd",
          registration_tier: "Lower",
        },
      },
    ]);
  });
});

describe("field caps", () => {
  const valid: RawRegisterRow = {
    registration_number: "CBDU1234",
    business_name: "A Ltd",
    registration_tier: "UPPER",
    registration_type: "carrier_dealer",
    applicant_type: "soleTrader",
    registration_date: "2024-01-01",
    expiry_date: "2027-01-01",
  };

  it("rejects a row with any field one character over its cap, naming the field", () => {
    for (const field of REGISTER_FIELDS) {
      const cap = FIELD_MAX_CHARS[field];
      const result = normaliseRow({ ...valid, [field]: "7".repeat(cap + 1) });
      expect(result.ok, field).toBe(false);
      if (!result.ok)
        expect(result.reason, field).toMatch(
          new RegExp(`too long: ${(cap + 1).toLocaleString("en-GB")} characters \\(at most ${cap}\\)$`),
        );
    }
    expect(normaliseRow({ ...valid, business_name: "n".repeat(10_800) })).toEqual({
      ok: false,
      reason: "organisation name too long: 10,800 characters (at most 500)",
      registrationNumber: "CBDU1234",
    });
    // An over-long number is not stored with the rejection.
    expect(normaliseRow({ ...valid, registration_number: "CBDU".padEnd(5000, "1") })).toMatchObject({
      ok: false,
      registrationNumber: null,
    });
  });

  it("keeps text fields at their cap", () => {
    const result = normaliseRow({
      ...valid,
      business_name: "N".repeat(FIELD_MAX_CHARS.business_name),
      address_line_1: "A".repeat(FIELD_MAX_CHARS.address_line_1),
      town: "T".repeat(FIELD_MAX_CHARS.town),
    });
    expect(result.ok).toBe(true);
  });
});

describe("the event loop while parsing", () => {
  /** Runs `work` while a 10 ms timer ticks; returns how often it ran and the longest gap between runs. */
  async function whileTicking(work: () => Promise<unknown>) {
    let ticks = 0;
    let last = performance.now();
    let longestGap = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks++;
    }, 10);
    const started = performance.now();
    await work();
    const ms = performance.now() - started;
    clearInterval(timer);
    longestGap = Math.max(longestGap, performance.now() - last);
    return { ticks, longestGap, ms };
  }

  it("the CSV reader lets timers run while it parses data that is already in memory", async () => {
    const row =
      "CBDU100001,Northern Skip Hire Ltd,100023336956,Unit 4,Riverside Industrial Estate,,,,Manchester,M4 6BF,England,384512,398765,limitedCompany,UPPER,carrier_broker_dealer,2022-03-14,2025-03-14,01234567\n";
    // 24 MB in two chunks (the reader cuts each into 256 KiB slices), then a 24 MB line.
    const half = Buffer.from(row.repeat(Math.ceil(12_000_000 / row.length)));
    const parts = [
      "Registration number,Organisation name\n",
      half,
      half,
      "CBDU9,",
      ...longLine(24_000_000),
      "\n",
    ];
    let items = 0;
    const { ticks, longestGap, ms } = await whileTicking(async () => {
      for await (const slice of readCsvRows(inMemory(parts))) items += slice.length;
    });
    console.log(
      `CSV: ${items} items in ${ms.toFixed(0)} ms; timer ran ${ticks} times, longest gap ${longestGap.toFixed(0)} ms`,
    );
    expect(items).toBe(2 * Math.ceil(12_000_000 / row.length) + 1);
    // Parsing without handing the loop back (promise callbacks only) would let the timer run 0
    // times, one gap as long as the whole parse. The bounds leave room for a busy machine.
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect(longestGap).toBeLessThan(Math.max(1_000, ms / 2));
  });

  it("the JSON reader lets timers run while it parses data that is already in memory", async () => {
    const item = JSON.stringify({
      registrationNumber: "CBDU1",
      holder: { name: "Some Waste Ltd" },
      site: { siteAddress: { postcode: "LS1 1AA" } },
    });
    const body = Buffer.from(`${item},`.repeat(Math.ceil(16_000_000 / (item.length + 1))));
    const items: SourceItem[] = [];
    const { ticks, longestGap, ms } = await whileTicking(async () => {
      for await (const slice of readJsonRows(inMemory(['{"items":[', body, `${item}]}`])))
        if (items.length < 1) items.push(slice[0]);
    });
    console.log(
      `JSON: parsed in ${ms.toFixed(0)} ms; timer ran ${ticks} times, longest gap ${longestGap.toFixed(0)} ms`,
    );
    expect(items).toHaveLength(1);
    expect(ticks).toBeGreaterThanOrEqual(3);
    expect(longestGap).toBeLessThan(Math.max(1_000, ms / 2));
  });
});

function chunked(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let i = 0; i < text.length; i += size) parts.push(text.slice(i, i + size));
  return parts;
}
