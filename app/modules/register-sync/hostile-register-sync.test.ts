/**
 * Register files that once stalled or sank a sync (issue 13 item 7, decision 0109), run end to end
 * against the database: values too big for the directory's indexes are rejected by line, a 49 MB
 * line and a quote that never closes are skipped, zip bombs and oversized sources are refused, a
 * run stuck on a silent source goes stale, and a cleared run stops at once so that the next sync
 * runs alone. Big files are generated here; small ones live in tests/fixtures/register/hostile.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { JobQueue } from "~/platform/jobs/queue.server";
import { CLEARED_MESSAGE, clearStuckSyncs } from "./clear-stuck-syncs.server";
import { failStaleSyncs } from "./fail-stale-syncs.server";
import { requestRegisterSync } from "./request-sync.server";
import {
  runRegisterSync,
  SyncFailedError,
  type RunRegisterSyncOptions,
  type SyncSummary,
} from "./run-register-sync.server";
import { FIELD_MAX_CHARS } from "./register-limits";
import { registerSyncJob } from "./sync-job.server";
import { EA_HEADER, registrationNumbers, useSyncTestEnv } from "./test-support/sync-test-env";

const log = pino({ level: "silent" });
const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/register");
const EA = path.join(FIXTURES, "ea-export.csv");
const HOSTILE = path.join(FIXTURES, "hostile");
const EA_NUMBERS = ["CBDL200002", "CBDL200008", "CBDU100001", "CBDU100003", "CBDU100009"];
const row = (n: string, name: string, town = "Leeds", address = "1 Test Street") =>
  `${n},${name},,,${address},,,,${town},LS1 1AA,England,430000,433000,soleTrader,UPPER,carrier_dealer,2024-01-01,2030-01-01,`;

const env = useSyncTestEnv("hostile-register-", ["directory_entries", "sync_log", "jobs"]);

/** A source that sends its header and one row, then nothing, ever; `closed()` once the importer hangs up. */
async function silentSource(first: string) {
  let closed = false;
  const base = await env.serve((req, res) => {
    res.writeHead(200, { "content-type": "text/csv" });
    res.write(`${EA_HEADER}\n${first}\n`);
    res.on("close", () => (closed = true));
  });
  return { url: `${base}/register.csv`, closed: () => closed };
}

/** The promise's outcome (value or error), or a failure if it is still pending after `ms`. */
async function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T | unknown> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        (v) => v,
        (e: unknown) => e,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const logs = () => env.db.selectFrom("sync_log").selectAll().orderBy("id").execute();
const numbers = () => registrationNumbers(env.db);
async function rejectionsOf(summary: SyncSummary) {
  return env.db
    .selectFrom("sync_rejections")
    .select(["line_number", "registration_number", "reason"])
    .where("sync_id", "=", summary.syncId)
    .orderBy("line_number")
    .execute();
}

/** Writes `parts` to a file in the temporary folder (big parts are repeated flat strings: no huge string in memory). */
function writeFile(name: string, parts: Iterable<string | Buffer>): string {
  const file = path.join(env.tmp, name);
  const fd = fs.openSync(file, "w");
  for (const part of parts) fs.writeSync(fd, typeof part === "string" ? Buffer.from(part) : part);
  fs.closeSync(fd);
  return file;
}

function* repeated(piece: string, length: number): Generator<string> {
  const block = piece.repeat(Math.ceil(1_048_576 / piece.length)).slice(0, 1_048_576);
  for (let left = length; left > 0; left -= block.length)
    yield left >= block.length ? block : block.slice(0, left);
}

/** Pseudo-random text from `alphabet` (no runs PostgreSQL could compress). */
function randomText(length: number, alphabet: string[], seed = 1): string {
  let s = seed;
  let out = "";
  while (out.length < length) {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    out += alphabet[(s >>> 8) % alphabet.length];
  }
  return out.slice(0, length);
}

describe("values too big for the directory's indexes", () => {
  const fixture = fs.readFileSync(path.join(HOSTILE, "huge-fields.csv"), "utf8").split("\n");
  const hugeName = fixture[2].split(",")[1];
  const hugeTown = fixture[4].split(",")[8];

  it("a 10.8 kB name or town breaks the directory's indexes when it reaches the table", async () => {
    // What used to fail the whole import at the merge. Text that does not compress: over a page,
    // no index entry can hold it; from ~2.7 kB the B-tree indexes refuse it (business_name is in
    // directory_town_name_idx, directory_name_order_idx and directory_postcode_name_idx, next to
    // town_key or postcode_key; the first one checked is named).
    expect(hugeName).toHaveLength(10_800);
    expect(hugeTown).toHaveLength(10_800);
    const insert = (n: string, values: { business_name: string; town?: string }) =>
      env.db
        .insertInto("directory_entries")
        .values({ registration_number: n, ...values })
        .execute();
    await expect(insert("CBDU999001", { business_name: hugeName })).rejects.toThrow(
      /^index row requires 10832 bytes, maximum size is 8191$/,
    );
    await expect(insert("CBDU999002", { business_name: "Town Ltd", town: hugeTown })).rejects.toThrow(
      /^index row requires \d+ bytes/,
    );
    await expect(insert("CBDU999003", { business_name: hugeName.slice(0, 2_800) })).rejects.toThrow(
      /^index row size \d+ exceeds btree version \d+ maximum 2704 for index "directory_town_name_idx"$/,
    );
  });

  it("the sync rejects such rows by line, with the field and its cap, and imports the others", async () => {
    const summary = await runRegisterSync(env.db, {
      source: path.join(HOSTILE, "huge-fields.csv"),
      removeMissing: true,
    });
    expect(summary).toMatchObject({ processed: 5, added: 2, rejected: 3 });
    expect(await rejectionsOf(summary)).toEqual([
      {
        line_number: 3,
        registration_number: "CBDU500002",
        reason: "organisation name too long: 10,800 characters (at most 500)",
      },
      {
        line_number: 4,
        registration_number: "CBDU500003",
        reason: "address line 1 too long: 10,800 characters (at most 300)",
      },
      {
        line_number: 5,
        registration_number: "CBDU500004",
        reason: "town too long: 10,800 characters (at most 100)",
      },
    ]);
    expect(await numbers()).toEqual(["CBDU500001", "CBDU500005"]);
  });

  it("a row with every text field at its cap, in 3-byte characters that do not compress, is imported", async () => {
    const cjk = Array.from({ length: 2000 }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919) % 20000)));
    // The number at its cap too: only England/Wales numbers are imported (issue 14).
    const number = `CBDU${"1234567890".repeat(6)}`.slice(0, FIELD_MAX_CHARS.registration_number);
    const fields = [
      number,
      randomText(500, cjk, 1), // organisation name
      "", // UPRN
      randomText(300, cjk, 2), // building
      randomText(300, cjk, 3),
      randomText(300, cjk, 4),
      randomText(300, cjk, 5),
      randomText(300, cjk, 6),
      randomText(100, cjk, 7), // town
      randomText(20, cjk, 8), // postcode
      randomText(60, cjk, 9), // country
      "",
      "",
      randomText(60, cjk, 10), // applicant type (kept as written)
      "UPPER",
      "carrier_dealer",
      "2024-01-01",
      "2030-01-01",
      "",
    ];
    const file = writeFile("at-the-caps.csv", [`${EA_HEADER}\n${fields.join(",")}\n`]);
    const summary = await runRegisterSync(env.db, { source: file });
    expect(summary).toMatchObject({ added: 1, rejected: 0 });
    const entry = await env.db.selectFrom("directory_entries").selectAll().executeTakeFirstOrThrow();
    expect(entry.business_name).toBe(fields[1]);
    expect(entry.town).toBe(fields[8]);
  });
});

describe("records too long to read", () => {
  it(
    "a 49 MB line is skipped quickly and reported by line; the rows around it are imported",
    { timeout: 60_000 },
    async () => {
      const file = writeFile("long-line.csv", [
        `${EA_HEADER}\n${row("CBDU910001", "Before The Long Line Ltd")}\nCBDU910002,`,
        ...repeated("Endless Name ", 49_000_000),
        `,,,1 Test Street,,,,Leeds,LS1 1AA,England,430000,433000,soleTrader,UPPER,carrier_dealer,2024-01-01,2030-01-01,\n`,
        `${row("CBDU910003", "After The Long Line Ltd")}\n`,
      ]);
      const started = Date.now();
      const summary = await runRegisterSync(env.db, { source: file, removeMissing: true });
      const seconds = (Date.now() - started) / 1000;
      expect(summary).toMatchObject({ processed: 3, added: 2, rejected: 1 });
      expect(summary.rejections).toEqual([
        {
          line: 3,
          registrationNumber: null,
          reason: "record too long: over 65,536 characters (skipped without being read)",
        },
      ]);
      expect(await numbers()).toEqual(["CBDU910001", "CBDU910003"]);
      const [entry] = await logs();
      expect(Number(entry.bytes_read)).toBe(fs.statSync(file).size);
      // Linear reading takes about a second here; the old splitter took minutes of re-scanning.
      expect(seconds).toBeLessThan(20);
    },
  );

  it("a quoted field that never closes is skipped to the end of the file; the rows before it are imported", async () => {
    const file = writeFile("never-closes.csv", [
      `${EA_HEADER}\n${row("CBDU920001", "Before The Quote Ltd")}\nCBDU920002,"Open Quote Ltd `,
      ...repeated(`${row("CBDU920003", "Inside The Quote Ltd")}\n`, 5_000_000),
    ]);
    const summary = await runRegisterSync(env.db, { source: file });
    expect(summary).toMatchObject({ processed: 2, added: 1, rejected: 1 });
    expect(summary.rejections[0]).toEqual({
      line: 3,
      registrationNumber: null,
      reason:
        "record too long: over 65,536 characters (skipped without being read; a quoted field on this line never closes: the file ends inside quotes)",
    });
    // A small one is read to the end of the file and reported the same way as before.
    const small = await runRegisterSync(env.db, { source: path.join(HOSTILE, "unterminated-quote.csv") });
    expect(small).toMatchObject({ processed: 2, added: 1, rejected: 1 });
    expect(small.rejections).toEqual([
      {
        line: 3,
        registrationNumber: null,
        reason: "unreadable CSV record: unterminated quoted field (the file ends inside quotes)",
      },
    ]);
  });

  it("JSON: an item nested 5,000 levels deep is rejected by position; the others are imported", async () => {
    const summary = await runRegisterSync(env.db, { source: path.join(HOSTILE, "deep-nesting.json") });
    expect(summary).toMatchObject({ processed: 3, added: 2, rejected: 1 });
    expect(summary.rejections).toEqual([
      { line: 2, registrationNumber: null, reason: "item nested more than 16 levels deep" },
    ]);
  });
});

describe("zip bombs and oversized sources", () => {
  /** A ZIP holding one file; `declaredSize` is what its directory says the file inflates to. */
  function zipOf(name: string, content: Buffer, declaredSize = content.length): Buffer {
    const data = zlib.deflateRawSync(content, { level: 9 });
    const fileName = Buffer.from(name);
    const crc = zlib.crc32(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(0, 42); // the local header's offset
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + fileName.length, 12);
    end.writeUInt32LE(local.length + fileName.length + data.length, 16);
    return Buffer.concat([local, fileName, data, central, fileName, end]);
  }

  /** A register CSV of `bytes` bytes: one row over and over (compresses about 1,000:1). */
  const register = (bytes: number) => {
    const line = `${row("CBDU930001", "Very Regular Waste Ltd")}\n`;
    return Buffer.from(`${EA_HEADER}\n${line.repeat(Math.ceil(bytes / line.length))}`).subarray(0, bytes);
  };

  async function failedWith(source: string, options: Partial<RunRegisterSyncOptions> = {}) {
    const error = await settledWithin(runRegisterSync(env.db, { source, ...options }), 30_000);
    expect(error).toBeInstanceOf(SyncFailedError);
    const [entry] = await logs();
    expect(entry.status).toBe("error");
    expect(await numbers()).toEqual([]);
    return { message: (error as Error).message, entry };
  }

  it("refuses an entry compressed over 200:1 from the ZIP's directory, before inflating a byte", async () => {
    const bomb = zipOf("register.csv", register(24 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(100_000);
    const file = writeFile("bomb.zip", [bomb]);
    const { message, entry } = await failedWith(file);
    expect(message).toMatch(
      /^The ZIP entry register\.csv is compressed [\d,]+:1 \([\d.]+ KiB to 24 MiB\); more than 200:1 is refused as a likely zip bomb; no data was changed$/,
    );
    expect(Number(entry.bytes_read)).toBe(0);
    expect(entry.records_processed).toBe(0);
  });

  it("refuses an entry that inflates to more than its directory declares, while streaming", async () => {
    // Declared 1 MiB (a harmless size and ratio); it holds 24 MiB.
    const liar = writeFile("liar.zip", [zipOf("register.csv", register(24 * 1024 * 1024), 1024 * 1024)]);
    const { message, entry } = await failedWith(liar);
    expect(message).toBe(
      "The ZIP entry register.csv holds more data than the 1,048,576 bytes its directory declares: refused as a likely zip bomb; no data was changed",
    );
    expect(entry.records_processed).toBeLessThan((1024 * 1024) / 140); // stopped at the declared size, not 24 MiB in

    // The same writer with honest sizes imports; one that declares more than it holds is truncated.
    const honest = writeFile("honest.zip", [zipOf("register.csv", fs.readFileSync(EA))]);
    expect(await runRegisterSync(env.db, { source: honest })).toMatchObject({ added: 5, rejected: 4 });
    await env.db.deleteFrom("directory_entries").execute();
    await env.db.deleteFrom("sync_log").execute();
    const short = writeFile("short.zip", [zipOf("register.csv", fs.readFileSync(EA), 1_000_000)]);
    expect((await failedWith(short)).message).toMatch(
      /^The ZIP file is not readable: register\.csv ends after 1,628 of the 1,000,000 bytes its directory declares/,
    );
  });

  it("refuses an entry declared larger than 2 GiB, and a plain file larger than 2 GiB", async () => {
    const huge = writeFile("huge.zip", [zipOf("register.csv", register(1024), 3 * 1024 ** 3)]);
    expect((await failedWith(huge)).message).toMatch(
      /^The ZIP entry register\.csv is 3 GiB uncompressed, more than the 2 GiB the importer reads; it was refused/,
    );
    await env.db.deleteFrom("sync_log").execute();
    const sparse = path.join(env.tmp, "sparse.csv");
    fs.writeFileSync(sparse, `${EA_HEADER}\n`);
    fs.truncateSync(sparse, 3 * 1024 ** 3); // a sparse file: no disk used
    expect((await failedWith(sparse)).message).toBe(
      "The register source is larger than 2 GiB, the most the importer reads; it was refused; no data was changed",
    );
  });

  it("refuses a URL announcing more than 2 GiB at once, and one that sends more than the cap while streaming", async () => {
    const base = await env.serve((req, res) => {
      if (req.url === "/announced.csv") {
        res.writeHead(200, { "content-type": "text/csv", "content-length": String(3 * 1024 ** 3) });
        res.write(`${EA_HEADER}\n`);
        return; // and never more
      }
      // The others are sent chunked: no length announced.
      if (req.url === "/register.zip") {
        res.writeHead(200, { "content-type": "application/zip" });
        res.write(zipOf("register.csv", randomBytesText(200_000)));
        res.end();
        return;
      }
      res.writeHead(200, { "content-type": "text/csv" });
      res.write(`${EA_HEADER}\n`);
      const rows = `${row("CBDU940001", "Streaming Ltd")}\n`.repeat(1000);
      const more = (error?: Error | null) => {
        if (!error && !res.destroyed) res.write(rows, (e) => setImmediate(() => more(e)));
      };
      more();
    });
    expect((await failedWith(`${base}/announced.csv`)).message).toMatch(
      /is larger than 2 GiB, the most the importer reads; it was refused/,
    );
    await env.db.deleteFrom("sync_log").execute();
    const limits = { sourceLimits: { maxBytes: 1024 * 1024 } };
    expect((await failedWith(`${base}/endless.csv`, limits)).message).toBe(
      "The register source is larger than 1 MiB, the most the importer reads; it was refused; no data was changed",
    );
    await env.db.deleteFrom("sync_log").execute();
    expect(
      (await failedWith(`${base}/register.zip`, { sourceLimits: { maxBytes: 64 * 1024 } })).message,
    ).toMatch(/^The register source is larger than 64 KiB, the most the importer reads; it was refused/);
  });
});

/** Text that does not compress (so that a ZIP of it is about as big as the text). */
function randomBytesText(bytes: number): Buffer {
  return Buffer.from(
    crypto
      .randomBytes(Math.ceil((bytes * 3) / 4))
      .toString("base64")
      .slice(0, bytes),
  );
}

describe("stalled and cleared runs", () => {
  it("a run stuck on a source that sends nothing stops moving its heartbeat; the watchdog marks it failed and it stops", async () => {
    const silent = await silentSource(row("CBDU950001", "Stalled Source Ltd"));
    const run = runRegisterSync(env.db, { source: silent.url, heartbeatMs: 100 });
    const outcome = run.then(
      () => null,
      (error: unknown) => error,
    );
    await expect.poll(async () => (await logs())[0]?.records_processed, { timeout: 10_000 }).toBe(1);
    const before = (await logs())[0];
    await sleep(2_500); // 25 beats, no row and no byte read
    const during = (await logs())[0];
    expect(during.status).toBe("running");
    expect(during.heartbeat_at).toEqual(before.heartbeat_at);
    // The watchdog (here with a 1 s limit) marks it failed; the live run notices and lets go of the source.
    expect(await failStaleSyncs(env.db, 1_000)).toBe(1);
    const error = await settledWithin(outcome, 10_000);
    expect(error).toBeInstanceOf(SyncFailedError);
    expect((error as Error).message).toBe(
      "The sync was marked as failed while it was running (no progress for too long); no data was changed",
    );
    const [entry] = await logs();
    expect(entry).toMatchObject({
      status: "error",
      error_message: expect.stringMatching(/^The sync stopped responding/),
    });
    await expect.poll(silent.closed).toBe(true);
    expect(await numbers()).toEqual([]);
  });

  it("'Clear Stuck Syncs' stops a run waiting on a silent source within a beat; the next sync starts only once it is gone", async () => {
    const silent = await silentSource(row("CBDU960001", "Cleared While Waiting Ltd"));
    const events: string[] = [];
    // A slow heartbeat: the next run would be done long before the first noticed, if it did not wait.
    const first = runRegisterSync(env.db, { source: silent.url, heartbeatMs: 1_500 }).then(
      () => null,
      (error: unknown) => error,
    );
    void first.then(() => events.push("first run stopped"));
    await expect.poll(async () => (await logs())[0]?.records_processed, { timeout: 10_000 }).toBe(1);
    expect(await clearStuckSyncs(env.db)).toBe(1);
    // Started right away: its log may be written (the old one is no longer 'running'), but it
    // touches nothing until the old run is gone.
    const second = runRegisterSync(env.db, {
      source: EA,
      onProgress: () => events.push("second run staged rows"),
    });
    const error = await settledWithin(first, 10_000);
    expect(error).toBeInstanceOf(SyncFailedError);
    expect((error as Error).message).toBe(
      "The sync was cleared by an administrator while it was running; no data was changed",
    );
    expect(await second).toMatchObject({ added: 5 });
    expect(events).toEqual(["first run stopped", "second run staged rows"]);
    await expect.poll(silent.closed).toBe(true);
    expect((await logs()).map((l) => [l.status, l.error_message])).toEqual([
      ["error", CLEARED_MESSAGE],
      ["success", null],
    ]);
    expect(await numbers()).toEqual(EA_NUMBERS);
  });

  it(
    "through the job runner: after clearing a stuck job, a new request runs and the old run has stopped",
    { timeout: 60_000 },
    async () => {
      const silent = await silentSource(row("CBDU970001", "Stuck Job Ltd"));
      // As server/boot.ts registers it: a bulk job, so the runner starts the next sync job only once
      // the stuck one's handler has returned.
      const queue = new JobQueue(env.db, log, { concurrency: 2, pollMs: 100 });
      queue.register(registerSyncJob({ SYNC_STALE_AFTER_MINUTES: 30 }));
      queue.start();
      const request = { trigger: "manual" as const, removeMissing: false, staleAfterMinutes: 30 };
      await requestRegisterSync(env.db, { ...request, source: silent.url });
      await expect.poll(async () => (await logs())[0]?.records_processed, { timeout: 10_000 }).toBe(1);
      expect(await clearStuckSyncs(env.db)).toBe(1);
      await requestRegisterSync(env.db, { ...request, source: EA });
      const jobs = () => env.db.selectFrom("jobs").select(["status", "last_error"]).orderBy("id").execute();
      await expect.poll(jobs, { timeout: 20_000 }).toEqual([
        { status: "failed", last_error: CLEARED_MESSAGE },
        { status: "done", last_error: null },
      ]);
      await settledWithin(queue.stop(), 10_000); // nothing left running: the stuck run really stopped
      expect(silent.closed()).toBe(true);
      expect((await logs()).map((l) => [l.status, l.error_message])).toEqual([
        ["error", CLEARED_MESSAGE],
        ["success", null],
      ]);
      expect(await numbers()).toEqual(EA_NUMBERS);
    },
  );
});
