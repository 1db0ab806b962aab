import { describe, expect, it } from "vitest";
import { sampleRegisterLines } from "./sample-register";
import { SourceError } from "./source-types";
import { StagingWorker, type WorkerBatch } from "./staging-worker.server";

const HEADER =
  "Registration number,Organisation name,UPRN,Building,Address line 1,Address line 2,Address line 3,Address line 4,Town,Postcode,Country,Easting,Northing,Applicant type,Registration tier,Registration type,Registration date,Expiry date,Company number";

function row(number: string, name: string): string {
  return `${number},${name},,,1 Test Street,,,,Leeds,LS1 1AA,England,430000,433000,soleTrader,UPPER,carrier_dealer,2024-01-01,2027-01-01,`;
}

/** The text in chunks of `size` bytes (cutting records and characters anywhere); counts what was pulled. */
function chunked(text: string, size: number, pulled = { chunks: 0 }) {
  const bytes = Buffer.from(text);
  return (async function* () {
    for (let i = 0; i < bytes.length; i += size) {
      pulled.chunks++;
      yield bytes.subarray(i, i + size);
    }
  })();
}

function lines(batch: WorkerBatch): string[] {
  return Buffer.from(batch.toCopyText()).toString("utf8").split("\n").filter(Boolean);
}

describe("the staging worker", () => {
  it("reads a CSV in small chunks into batches of COPY lines, with rejections by line and the items read", async () => {
    const text =
      [
        HEADER,
        row("CBDU1001", "Alpha Skips"),
        row("XYZ", "Not A Number Ltd"),
        row("CBDU1002", "Bravo — Wäste"),
        row("CBDU1003", "Charlie Haulage"),
        row("CBDU1001", "Alpha Skips Again"),
      ].join("\n") + "\n";
    const seen: number[] = [];
    const worker = new StagingWorker("csv", 2, (processed) => seen.push(processed));
    const batches: WorkerBatch[] = [];
    for await (const batch of worker.batches(chunked(text, 7))) batches.push(batch);

    expect(batches.map((b) => b.length)).toEqual([2, 2]);
    const copied = batches.flatMap(lines).map((l) => l.split("\t").slice(0, 3));
    expect(copied).toEqual([
      ["2", "CBDU1001", "Alpha Skips"],
      ["4", "CBDU1002", "Bravo — Wäste"],
      ["5", "CBDU1003", "Charlie Haulage"],
      ["6", "CBDU1001", "Alpha Skips Again"],
    ]);
    expect(batches[0].rejections).toEqual([
      {
        line: 3,
        registrationNumber: "XYZ",
        reason: expect.stringMatching(/^malformed registration number 'XYZ'/),
      },
    ]);
    expect(batches[1].rejections).toEqual([]);
    expect(seen.at(-1)).toBe(5);
    expect(worker.maybeDuplicates).toBe(true);
  });

  it("reads the public register's JSON the same way", async () => {
    const json = JSON.stringify({
      items: [
        {
          registrationNumber: "CBDU2001",
          holder: { name: "Json Skips" },
          tier: "UPPER",
          expiryDate: "2030-01-01",
        },
        { registrationNumber: "", holder: { name: "No Number" } },
      ],
    });
    const worker = new StagingWorker("json", 100, () => undefined);
    const batches: WorkerBatch[] = [];
    for await (const batch of worker.batches(chunked(json, 16))) batches.push(batch);
    expect(batches).toHaveLength(1);
    expect(lines(batches[0]).map((l) => l.split("\t").slice(1, 3))).toEqual([["CBDU2001", "Json Skips"]]);
    expect(batches[0].rejections).toEqual([
      { line: 2, registrationNumber: null, reason: "missing registration number" },
    ]);
    expect(worker.maybeDuplicates).toBe(false);
  });

  it("fails with the worker's SourceError for a source it cannot read", async () => {
    const worker = new StagingWorker("csv", 100, () => undefined);
    const reading = (async () => {
      for await (const batch of worker.batches(chunked("Name,Town\nAlpha,Leeds\n", 5))) void batch;
    })();
    await expect(reading).rejects.toThrow(SourceError);
    await expect(reading).rejects.toThrow(/no registration number column/);
  });

  it("fails with the bytes' own error (a cap, a cancelled download) and stops the worker", async () => {
    const worker = new StagingWorker("csv", 100, () => undefined);
    const bytes = (async function* () {
      yield Buffer.from(`${HEADER}\n${row("CBDU3001", "Early Ltd")}\n`);
      throw new SourceError("The register source is larger than 1 MB");
    })();
    const reading = (async () => {
      for await (const batch of worker.batches(bytes)) void batch;
    })();
    await expect(reading).rejects.toThrow("The register source is larger than 1 MB");
  });

  it("reads the source no faster than its batches are taken, and stops when the reader stops", async () => {
    // 17 MB: several times what may wait for the worker (4 MB).
    const text = [HEADER, ...[...sampleRegisterLines({ rows: 100_000, seed: 3 })].slice(1)].join("\n") + "\n";
    const pulled = { chunks: 0 };
    const worker = new StagingWorker("csv", 500, () => undefined);
    const total = Math.ceil(Buffer.byteLength(text) / 4096);
    for await (const batch of worker.batches(chunked(text, 4096, pulled))) {
      expect(batch.length).toBe(500);
      // Hold the first batch a while: the worker may be sent a few megabytes ahead, not the file.
      await new Promise((resolve) => setTimeout(resolve, 300));
      break;
    }
    expect(pulled.chunks).toBeLessThan(total / 2);
    // The worker is gone: nothing more is pulled.
    const after = pulled.chunks;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(pulled.chunks).toBe(after);
  });

  it("stops at once when its reader stops while the source is silent (the caller then closes it)", async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const bytes = (async function* () {
      yield Buffer.from(`${HEADER}\n${row("CBDU4001", "First Ltd")}\n${row("CBDU4002", "Second Ltd")}\n`);
      await released; // a source that sends nothing more
    })();
    const worker = new StagingWorker("csv", 1, () => undefined);
    const started = performance.now();
    await expect(
      (async () => {
        for await (const batch of worker.batches(bytes)) {
          expect(batch.length).toBe(1);
          throw new Error("the write failed");
        }
      })(),
    ).rejects.toThrow("the write failed");
    expect(performance.now() - started).toBeLessThan(5_000);
    release();
  });
});
