import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { insertClaimedListing } from "#tests/support/builders";
import { runRegisterSync, SyncAlreadyRunningError, SyncFailedError } from "./run-register-sync.server";
import { EA_HEADER, useSyncTestEnv } from "./test-support/sync-test-env";

const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/register");
const fixture = (name: string) => path.join(FIXTURES, name);

const env = useSyncTestEnv("register-sync-", ["claimed_listings", "directory_entries", "sync_log"]);

function eaRow(number: string, name: string, town = "Leeds", expiry = "2027-01-01"): string {
  return `${number},${name},,,1 Test Street,,,,${town},LS1 1AA,England,430000,433000,soleTrader,UPPER,carrier_dealer,2024-01-01,${expiry},`;
}

async function entries() {
  return env.db.selectFrom("directory_entries").selectAll().orderBy("registration_number").execute();
}

describe("importing each source format", () => {
  it("imports the EA daily export CSV, normalising values and rejecting bad rows by line", async () => {
    const summary = await runRegisterSync(env.db, { source: fixture("ea-export.csv"), trigger: "cli" });
    expect(summary).toMatchObject({
      processed: 9,
      added: 5,
      updated: 0,
      unchanged: 0,
      rejected: 4,
      removed: 0,
    });
    expect(summary.rejections.map((r) => [r.line, r.reason.split(" ").slice(0, 3).join(" ")])).toEqual([
      [5, "missing registration number"],
      [6, "malformed registration date"],
      [7, "bad number format"],
      [8, "unknown tier 'MIDDLE'"],
    ]);
    const rows = await entries();
    expect(rows.map((r) => r.registration_number)).toEqual([
      "CBDL200002",
      "CBDL200008",
      "CBDU100001",
      "CBDU100003",
      "CBDU100009",
    ]);
    const byNumber = Object.fromEntries(rows.map((r) => [r.registration_number, r]));
    expect(byNumber.CBDU100001).toMatchObject({
      business_name: "Northern Skip Hire Ltd",
      uprn: "100023336956",
      building: "Unit 4",
      address_line_1: "Riverside Industrial Estate",
      town: "Manchester",
      postcode: "M4 6BF",
      easting: 384512,
      northing: 398765,
      applicant_type: "limitedCompany",
      registration_tier: "UPPER",
      registration_type: "carrier_broker_dealer",
      registration_date: "2022-03-14",
      expiry_date: "2025-03-14",
      company_number: "01234567",
      on_register: true,
      is_claimed: false,
    });
    // Lower tier never expires, even when the source gives a date; padded lower-case number normalised.
    expect(byNumber.CBDL200002).toMatchObject({ registration_tier: "LOWER", expiry_date: null });
    expect(byNumber.CBDU100003).toMatchObject({
      business_name: "Green Way Recycling, Bristol",
      address_line_1: "Unit 7, Avon Trade Park",
      company_number: null,
    });
    expect(byNumber.CBDL200008).toMatchObject({ easting: null, northing: null, country: null });

    const log = await env.db
      .selectFrom("sync_log")
      .selectAll()
      .where("id", "=", String(summary.syncId))
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({
      status: "success",
      trigger: "cli",
      records_processed: 9,
      records_added: 5,
      records_rejected: 4,
      error_message: null,
    });
    expect(log.duration_ms).toBeGreaterThanOrEqual(0);
    expect(log.finished_at).not.toBeNull();
    expect(Number(log.bytes_read)).toBe(fs.statSync(fixture("ea-export.csv")).size);
    const rejections = await env.db
      .selectFrom("sync_rejections")
      .select(["line_number", "registration_number", "reason"])
      .where("sync_id", "=", summary.syncId)
      .orderBy("line_number")
      .execute();
    expect(rejections.map((r) => [r.line_number, r.registration_number])).toEqual([
      [5, null],
      [6, "CBDU100005"],
      [7, "CBDU100006"],
      [8, "CBDU100007"],
    ]);
    expect(rejections[1].reason).toContain("'2023-13-40'");
  });

  it("imports the public-register CSV with other column names, labels and date formats", async () => {
    const summary = await runRegisterSync(env.db, { source: fixture("public-register.csv") });
    expect(summary).toMatchObject({ processed: 4, added: 3, rejected: 1 });
    expect(summary.rejections).toEqual([
      {
        line: 5,
        registrationNumber: "CBDU300004",
        reason: expect.stringContaining("unknown tier 'Platinum'"),
      },
    ]);
    const rows = await entries();
    expect(
      rows.map((r) => [
        r.registration_number,
        r.business_name,
        r.registration_tier,
        r.registration_type,
        r.applicant_type,
      ]),
    ).toEqual([
      ["CBDL300002", "Ann Taylor", "LOWER", "carrier_broker_dealer", "soleTrader"],
      ["CBDU300001", "Pennine Skip Hire Ltd", "UPPER", "carrier_broker_dealer", "limitedCompany"],
      ["CBDU300003", "Coastal Waste LLP", "UPPER", "carrier_dealer", "limitedLiabilityPartnership"],
    ]);
    expect(rows[0]).toMatchObject({
      registration_date: "2020-08-12",
      expiry_date: null,
      postcode: "NR2 3CD",
      address_line_1: "9 Rose Lane, Norwich",
    });
    expect(rows[1]).toMatchObject({ expiry_date: "2026-04-01", postcode: "HD1 2AB" });
  });

  it("imports the public-register JSON ({meta, items}) with nested fields", async () => {
    const summary = await runRegisterSync(env.db, { source: fixture("public-register.json") });
    expect(summary).toMatchObject({ processed: 4, added: 2, rejected: 2 });
    expect(summary.rejections.map((r) => [r.line, r.reason.split(" ").slice(0, 2).join(" ")])).toEqual([
      [3, "missing registration"],
      [4, "malformed registration"],
    ]);
    const rows = await entries();
    expect(rows[0]).toMatchObject({
      registration_number: "CBDL400002",
      business_name: 'Brighton "Eco" Clearances',
      registration_tier: "LOWER",
      registration_date: "2018-07-15",
      town: "Brighton",
    });
    expect(rows[1]).toMatchObject({
      registration_number: "CBDU400001",
      business_name: "Thames Valley Skips Ltd",
      company_number: "07654321",
      address_line_1: "3 Bridge Street",
      town: "Reading",
      postcode: "RG1 2LS",
      applicant_type: "limitedCompany",
      registration_type: "carrier_broker_dealer",
      expiry_date: "2026-02-01",
    });
  });

  it("imports a ZIP holding the CSV, from a path and from a URL", async () => {
    const fromFile = await runRegisterSync(env.db, { source: fixture("ea-export.zip") });
    expect(fromFile).toMatchObject({ processed: 9, added: 5, rejected: 4 });
    await env.db.deleteFrom("directory_entries").execute();
    const base = await env.serve((_req, res) => {
      res.writeHead(200, { "content-type": "application/zip" });
      fs.createReadStream(fixture("ea-export.zip")).pipe(res);
    });
    const fromUrl = await runRegisterSync(env.db, { source: `${base}/downloads/waste-carriers-brokers` });
    expect(fromUrl).toMatchObject({ processed: 9, added: 5, rejected: 4 });
    expect(await entries()).toHaveLength(5);
  });

  it("imports CSV and JSON from http URLs, and reports an HTTP error as a failed run", async () => {
    const base = await env.serve((req, res) => {
      const file =
        req.url === "/register.csv"
          ? "ea-export.csv"
          : req.url === "/registration.json"
            ? "public-register.json"
            : null;
      if (!file) {
        res.writeHead(404).end("not found");
        return;
      }
      res.writeHead(200, { "content-type": "text/plain" });
      fs.createReadStream(fixture(file)).pipe(res);
    });
    expect(await runRegisterSync(env.db, { source: `${base}/register.csv` })).toMatchObject({
      added: 5,
      rejected: 4,
    });
    expect(await runRegisterSync(env.db, { source: `${base}/registration.json` })).toMatchObject({
      added: 2,
      rejected: 2,
    });
    const failed = runRegisterSync(env.db, { source: `${base}/missing.csv` });
    await expect(failed).rejects.toThrow(/HTTP 404/);
    const last = await env.db
      .selectFrom("sync_log")
      .selectAll()
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ status: "error", error_message: expect.stringContaining("HTTP 404") });
  });

  it("fails clearly when the file has no registration number column", async () => {
    const file = path.join(env.tmp, "no-number.csv");
    fs.writeFileSync(file, "Name,Town\nA,B\n");
    await expect(runRegisterSync(env.db, { source: file })).rejects.toThrow(/no registration number column/);
  });
});

describe("re-import and sync semantics", () => {
  it("a second run of the same file adds nothing and changes nothing", async () => {
    await runRegisterSync(env.db, { source: fixture("ea-export.csv"), removeMissing: true });
    const before = await entries();
    await new Promise((r) => setTimeout(r, 20));
    const second = await runRegisterSync(env.db, { source: fixture("ea-export.csv"), removeMissing: true });
    expect(second).toMatchObject({
      processed: 9,
      added: 0,
      updated: 0,
      unchanged: 5,
      rejected: 4,
      removed: 0,
    });
    expect(await entries()).toEqual(before);
  });

  it("updates changed rows only, keeping updated_at of unchanged rows; a later duplicate line wins", async () => {
    const v1 = env.writeCsv("v1.csv", [eaRow("CBDU1001", "Alpha Skips"), eaRow("CBDU1002", "Beta Waste")]);
    await runRegisterSync(env.db, { source: v1 });
    const before = Object.fromEntries((await entries()).map((r) => [r.registration_number, r]));
    await new Promise((r) => setTimeout(r, 20));
    const v2 = env.writeCsv("v2.csv", [
      eaRow("CBDU1001", "Alpha Skips"),
      eaRow("CBDU1002", "Beta Waste (old name)"),
      eaRow("CBDU1002", "Beta Waste Ltd"),
      eaRow("CBDU1003", "Gamma Haulage"),
    ]);
    const summary = await runRegisterSync(env.db, { source: v2 });
    expect(summary).toMatchObject({ processed: 4, added: 1, updated: 1, unchanged: 1, rejected: 1 });
    expect(summary.rejections).toEqual([
      {
        line: 3,
        registrationNumber: "CBDU1002",
        reason: "duplicate registration number: the row on line 4 is used",
      },
    ]);
    const after = Object.fromEntries((await entries()).map((r) => [r.registration_number, r]));
    expect(after.CBDU1002.business_name).toBe("Beta Waste Ltd");
    expect(after.CBDU1002.updated_at.getTime()).toBeGreaterThan(before.CBDU1002.updated_at.getTime());
    expect(after.CBDU1001.updated_at).toEqual(before.CBDU1001.updated_at);
    expect(after.CBDU1001.last_sync_id).toEqual(before.CBDU1001.last_sync_id);
    expect(after.CBDU1003.business_name).toBe("Gamma Haulage");
  });

  it("sees a change to any one register field, and none in a row written differently but equal (decision 0231)", async () => {
    const fields = [
      "CBDU2000",
      "Delta Skips",
      "100023336956",
      "Unit 4",
      "1 Test Street",
      "Mill Lane",
      "Hunslet",
      "West Yorkshire",
      "Leeds",
      "LS1 1AA",
      "England",
      "430000",
      "433000",
      "soleTrader",
      "UPPER",
      "carrier_dealer",
      "2024-01-01",
      "2027-01-01",
      "01234567",
    ];
    // One registration per field after the number, identical in the first register.
    const numbers = fields.slice(1).map((_, i) => `CBDU${2001 + i}`);
    const base = numbers.map((n) => [n, ...fields.slice(1)]);
    const v1 = env.writeCsv(
      "fields-v1.csv",
      base.map((f) => f.join(",")),
    );
    await runRegisterSync(env.db, { source: v1 });
    const before = Object.fromEntries((await entries()).map((r) => [r.registration_number, r]));
    await new Promise((r) => setTimeout(r, 20));

    // Each registration changes one field: to another value, or to empty (NULL) where allowed.
    const other = [
      "Delta Skip Hire",
      "",
      "",
      "2 Test Street",
      "",
      "",
      "",
      "Bradford",
      "LS2 2BB",
      "Wales",
      "430001",
      "",
      "limitedCompany",
      "UPPER",
      "carrier_broker_dealer",
      "2024-01-02",
      "2028-01-01",
      "",
    ];
    const changed = base.map((row, i) => row.map((v, j) => (j === i + 1 ? other[i] : v)));
    // The tier stays UPPER (changing it to LOWER would change the number's meaning): that row is
    // the one left unchanged, written in another spelling.
    const tierRow = fields.indexOf("UPPER") - 1;
    changed[tierRow] = [` ${numbers[tierRow].toLowerCase()} `, "  Delta   Skips ", ...fields.slice(2)];
    changed[tierRow][14] = "upper";
    const v2 = env.writeCsv(
      "fields-v2.csv",
      changed.map((f) => f.join(",")),
    );
    const summary = await runRegisterSync(env.db, { source: v2 });
    expect(summary).toMatchObject({ added: 0, updated: numbers.length - 1, unchanged: 1, rejected: 0 });

    const after = Object.fromEntries((await entries()).map((r) => [r.registration_number, r]));
    for (const [i, number] of numbers.entries()) {
      const moved = after[number].updated_at.getTime() > before[number].updated_at.getTime();
      expect([number, moved]).toEqual([number, i !== tierRow]);
    }
    expect(after[numbers[0]].business_name).toBe("Delta Skip Hire");
    expect(after[numbers[1]].uprn).toBeNull();
    expect(after[numbers[11]].northing).toBeNull();
    expect(after[numbers[16]].expiry_date).toBe("2028-01-01");

    // The same register again: nothing changes.
    const again = await runRegisterSync(env.db, { source: v2 });
    expect(again).toMatchObject({ added: 0, updated: 0, unchanged: numbers.length });
  });

  it("never touches claimed listings and never resets is_claimed", async () => {
    const v1 = env.writeCsv("c1.csv", [eaRow("CBDU2001", "Claimed Skips"), eaRow("CBDU2002", "Other Waste")]);
    await runRegisterSync(env.db, { source: v1 });
    await insertClaimedListing(env.db, {
      registration_number: "CBDU2001",
      company_name: "Claimed Skips (our name)",
      phone: "0161 000 0000",
      verified: true,
    });
    await env.db
      .updateTable("directory_entries")
      .set({ is_claimed: true })
      .where("registration_number", "=", "CBDU2001")
      .execute();
    const claimBefore = await env.db.selectFrom("claimed_listings").selectAll().executeTakeFirstOrThrow();

    // The register renames the business, then drops it from a full export.
    const v2 = env.writeCsv("c2.csv", [
      eaRow("CBDU2001", "Claimed Skips Renamed Ltd"),
      eaRow("CBDU2002", "Other Waste"),
    ]);
    expect(await runRegisterSync(env.db, { source: v2, removeMissing: true })).toMatchObject({ updated: 1 });
    const v3 = env.writeCsv("c3.csv", [eaRow("CBDU2002", "Other Waste")]);
    expect(await runRegisterSync(env.db, { source: v3, removeMissing: true })).toMatchObject({ removed: 1 });

    expect(await env.db.selectFrom("claimed_listings").selectAll().executeTakeFirstOrThrow()).toEqual(
      claimBefore,
    );
    const entry = await env.db
      .selectFrom("directory_entries")
      .selectAll()
      .where("registration_number", "=", "CBDU2001")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      business_name: "Claimed Skips Renamed Ltd",
      is_claimed: true,
      on_register: false,
    });
  });

  it("marks registrations missing from a full source as removed (not deleted), and restores them when they return", async () => {
    const full = env.writeCsv("full.csv", [
      eaRow("CBDU3001", "One"),
      eaRow("CBDU3002", "Two"),
      eaRow("CBDU3003", "Three"),
    ]);
    await runRegisterSync(env.db, { source: full, removeMissing: true });
    const partial = env.writeCsv("partial.csv", [eaRow("CBDU3001", "One")]);

    // Without the option (a partial file) nothing is marked.
    expect(await runRegisterSync(env.db, { source: partial, removeMissing: false })).toMatchObject({
      removed: 0,
      unchanged: 1,
    });
    expect((await entries()).every((r) => r.on_register)).toBe(true);

    const summary = await runRegisterSync(env.db, { source: partial, removeMissing: true });
    expect(summary).toMatchObject({ removed: 2, added: 0, updated: 0, unchanged: 1 });
    const rows = await entries();
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => [r.registration_number, r.on_register, r.removed_at !== null])).toEqual([
      ["CBDU3001", true, false],
      ["CBDU3002", false, true],
      ["CBDU3003", false, true],
    ]);
    const log = await env.db
      .selectFrom("sync_log")
      .select("records_removed")
      .where("id", "=", String(summary.syncId))
      .executeTakeFirstOrThrow();
    expect(log.records_removed).toBe(2);
    // Already removed rows are not counted again.
    expect(await runRegisterSync(env.db, { source: partial, removeMissing: true })).toMatchObject({
      removed: 0,
    });

    const back = await runRegisterSync(env.db, { source: full, removeMissing: true });
    expect(back).toMatchObject({ added: 0, updated: 2, unchanged: 1, removed: 0 });
    expect((await entries()).map((r) => [r.on_register, r.removed_at])).toEqual([
      [true, null],
      [true, null],
      [true, null],
    ]);
  });

  it("rebuilds the places (postcode and town centroids) from the merged rows in the same run", async () => {
    const row = (n: string, town: string, postcode: string, e: number, nn: number) =>
      `${n},Place ${n},,,1 Test Street,,,,${town},${postcode},England,${e},${nn},soleTrader,UPPER,carrier_dealer,2024-01-01,2027-01-01,`;
    const place = (kind: "sector" | "town", key: string) =>
      env.db
        .selectFrom("places")
        .selectAll()
        .where("kind", "=", kind)
        .where("key", "=", key)
        .executeTakeFirst();
    const first = await runRegisterSync(env.db, {
      source: env.writeCsv("places-1.csv", [
        row("CBDU900001", "Stoke-on-Trent", "ST1 1AA", 388_000, 347_000),
        row("CBDU900002", "STOKE ON TRENT", "ST1 1AB", 388_200, 347_200),
      ]),
    });
    expect(first.phases.steps.places).toBeGreaterThanOrEqual(0);
    expect(await place("town", "stoke on trent")).toMatchObject({
      label: "Stoke-on-Trent",
      easting: 388_100,
      northing: 347_100,
      entries: 2,
    });
    expect(await place("sector", "ST1 1")).toMatchObject({ easting: 388_100, entries: 2 });

    // A changed row moves its places.
    await runRegisterSync(env.db, {
      source: env.writeCsv("places-2.csv", [
        row("CBDU900001", "Stoke-on-Trent", "ST1 1AA", 388_400, 347_000),
        row("CBDU900002", "STOKE ON TRENT", "ST1 1AB", 388_200, 347_200),
      ]),
    });
    expect(await place("sector", "ST1 1")).toMatchObject({ easting: 388_300 });
    expect(await place("town", "stoke on trent")).toMatchObject({ easting: 388_300 });

    // Nothing changed, but the places are missing (a database migrated after its last sync): rebuilt.
    await env.db.deleteFrom("places").execute();
    const again = await runRegisterSync(env.db, { source: path.join(env.tmp, "places-2.csv") });
    expect(again).toMatchObject({ added: 0, updated: 0 });
    expect(await place("town", "stoke on trent")).toMatchObject({ entries: 2 });
    await env.db.deleteFrom("places").execute();
  });

  it("refuses to run a full sync from a source with no valid rows", async () => {
    await runRegisterSync(env.db, { source: fixture("ea-export.csv") });
    const empty = env.writeCsv("empty.csv", []);
    await expect(runRegisterSync(env.db, { source: empty, removeMissing: true })).rejects.toThrow(/no rows/);
    expect((await entries()).every((r) => r.on_register)).toBe(true);
  });
});

describe("one run at a time, all or nothing", () => {
  it("refuses a second sync while one is running, with a clear message", async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const base = await env.serve(async (_req, res) => {
      res.writeHead(200, { "content-type": "text/csv" });
      res.write(`${EA_HEADER}\n${eaRow("CBDU4001", "Slow Source Ltd")}\n`);
      await released;
      res.end(`${eaRow("CBDU4002", "Slow Source Two")}\n`);
    });
    const first = runRegisterSync(env.db, { source: `${base}/slow.csv` });
    await expect
      .poll(async () => (await env.db.selectFrom("sync_log").select("status").execute()).map((r) => r.status))
      .toEqual(["running"]);
    // While it runs, the heartbeat reports progress (rows read, bytes read of the announced size).
    await expect
      .poll(
        () =>
          env.db
            .selectFrom("sync_log")
            .select(["records_processed", "bytes_read", "bytes_total"])
            .executeTakeFirstOrThrow(),
        {
          timeout: 10_000,
        },
      )
      .toMatchObject({ records_processed: 1, bytes_read: expect.any(Number) });
    const progress = await env.db
      .selectFrom("sync_log")
      .select(["bytes_read", "heartbeat_at", "created_at"])
      .executeTakeFirstOrThrow();
    expect(Number(progress.bytes_read)).toBeGreaterThan(EA_HEADER.length);
    expect(progress.heartbeat_at.getTime()).toBeGreaterThan(progress.created_at.getTime());
    const second = runRegisterSync(env.db, { source: fixture("ea-export.csv") });
    await expect(second).rejects.toBeInstanceOf(SyncAlreadyRunningError);
    await expect(second).rejects.toThrow(/^A register sync is already running/);
    release();
    expect(await first).toMatchObject({ added: 2 });
    expect(await env.db.selectFrom("sync_log").select("status").execute()).toEqual([{ status: "success" }]);
  });

  it("a stale running sync (no heartbeat) is marked failed and no longer blocks", async () => {
    await env.db
      .insertInto("sync_log")
      .values({ status: "running", source: "dead process", heartbeat_at: new Date(Date.now() - 3_600_000) })
      .execute();
    const summary = await runRegisterSync(env.db, { source: fixture("ea-export.csv"), staleAfterMs: 60_000 });
    expect(summary.added).toBe(5);
    const dead = await env.db
      .selectFrom("sync_log")
      .selectAll()
      .where("source", "=", "dead process")
      .executeTakeFirstOrThrow();
    expect(dead).toMatchObject({
      status: "error",
      error_message: expect.stringContaining("stopped responding"),
    });
  });

  it("a source that breaks half-way changes nothing and logs the error", async () => {
    await runRegisterSync(env.db, { source: fixture("ea-export.csv") });
    const before = await entries();
    const rows = Array.from({ length: 3000 }, (_, i) => eaRow(`CBDU${900000 + i}`, `Half Way ${i}`));
    const base = await env.serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/csv", "content-length": String(10_000_000) });
      // The EA rows changed, plus many new rows; then the connection dies.
      res.write(`${EA_HEADER}\n${eaRow("CBDU100001", "Renamed Mid-Sync Ltd")}\n${rows.join("\n")}\n`, () => {
        setTimeout(() => res.socket?.destroy(), 50);
      });
    });
    const run = runRegisterSync(env.db, {
      source: `${base}/broken.csv`,
      removeMissing: true,
      batchSize: 500,
    });
    await expect(run).rejects.toBeInstanceOf(SyncFailedError);
    expect(await entries()).toEqual(before);
    const last = await env.db
      .selectFrom("sync_log")
      .selectAll()
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(last.status).toBe("error");
    expect(last.error_message).toMatch(/no data was changed/);
    expect(last.records_processed).toBeGreaterThan(0);
    expect(last.finished_at).not.toBeNull();
    // The staging area is empty again and the next run works.
    const { rows: staged } = await env.t.pool.query("SELECT count(*)::int AS n FROM register_staging");
    expect(staged[0].n).toBe(0);
    expect(await runRegisterSync(env.db, { source: fixture("ea-export.csv") })).toMatchObject({
      added: 0,
      updated: 0,
      unchanged: 5,
    });
  });

  it("a cancelled run (process stopping) changes nothing", async () => {
    const controller = new AbortController();
    const file = env.writeCsv(
      "cancel.csv",
      Array.from({ length: 2000 }, (_, i) => eaRow(`CBDU${800000 + i}`, `Cancel ${i}`)),
    );
    const run = runRegisterSync(env.db, {
      source: file,
      signal: controller.signal,
      batchSize: 200,
      onProgress: (p) => {
        if (p.processed >= 600) controller.abort();
      },
    });
    await expect(run).rejects.toThrow(/cancelled/);
    expect(await entries()).toEqual([]);
  });
});
