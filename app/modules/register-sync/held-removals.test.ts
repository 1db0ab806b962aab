/**
 * What a full sync may say about registrations it did not import (decisions 0279, 0280): a
 * rejected row never takes its carrier off the register, a short source holds its removals for an
 * administrator to confirm (audited), an upper tier row without an expiry date is rejected (and a
 * source without expiry dates fails), and the profile's "Register data as of" follows full syncs.
 */
import pino from "pino";
import { describe, expect, it } from "vitest";
import { getProvider } from "~/modules/directory/get-provider.server";
import { registerDataAsOf } from "~/modules/directory/register-data-date.server";
import { isInForce, registrationState } from "~/modules/directory/registration";
import { expiredSql, expiryUnknownSql, inForceSql } from "~/modules/directory/registration-sql.server";
import { ukToday } from "~/platform/dates";
import { sql } from "kysely";
import { insertAdmin, insertRegisterEntries, registerEntry } from "#tests/support/builders";
import { confirmHeldRemovalsAsAdmin } from "./admin-sync-actions.server";
import { confirmHeldRemovals, heldRemovals, HeldRemovalsError } from "./held-removals.server";
import { listSyncLogs } from "./list-sync-logs.server";
import { REMOVAL_HOLD_FLOOR, removalLimit } from "./removal-guard";
import { runRegisterSync } from "./run-register-sync.server";
import { syncLogRow, useSyncTestEnv } from "./test-support/sync-test-env";

const log = pino({ level: "silent" });
const env = useSyncTestEnv("held-removals-", ["claimed_listings", "directory_entries", "sync_log", "jobs"]);

const row = (n: string, name: string, expiry = "2030-01-01", date = "2024-01-01", tier = "UPPER") =>
  `${n},${name},,,1 Test Street,,,,Heldton,LS1 1AA,England,430000,433000,soleTrader,${tier},carrier_dealer,${date},${expiry},`;
const numbers = (from: number, count: number) => Array.from({ length: count }, (_, i) => `CBDU${from + i}`);

async function onRegister(): Promise<string[]> {
  const rows = await env.db
    .selectFrom("directory_entries")
    .select("registration_number")
    .where("on_register", "=", true)
    .orderBy("registration_number")
    .execute();
  return rows.map((r) => r.registration_number);
}

describe("a full sync never removes a carrier whose row it rejected", () => {
  it("keeps on the register a registration whose row has an odd date or an unknown type; removes one truly gone", async () => {
    const all = ["CBDU7101", "CBDU7102", "CBDU7103", "CBDU7104"];
    await runRegisterSync(env.db, {
      source: env.writeCsv(
        "full.csv",
        all.map((n) => row(n, `Carrier ${n} Ltd`)),
      ),
      removeMissing: true,
    });
    const next = env.writeCsv("next.csv", [
      row("CBDU7101", "Carrier CBDU7101 Ltd"),
      row("cbdu 7102", "Carrier CBDU7102 Ltd", "2030-01-01", "2024-13-40"), // an odd date
      row("CBDU7103", "Carrier CBDU7103 Ltd").replace("carrier_dealer", "waste_controller"), // a new type
      // CBDU7104 has gone from the register.
    ]);
    const summary = await runRegisterSync(env.db, { source: next, removeMissing: true });
    expect(summary).toMatchObject({ rejected: 2, removed: 1, held: 0 });
    expect(summary.rejections.map((r) => r.registrationNumber)).toEqual(["CBDU7102", "CBDU7103"]);
    expect(await onRegister()).toEqual(["CBDU7101", "CBDU7102", "CBDU7103"]);
    expect(await getProvider(env.db, "CBDU7102")).toMatchObject({ business_name: "Carrier CBDU7102 Ltd" });
  });
});

describe("a full sync that would remove more than a small share of the register", () => {
  it("applies the rest, holds the removals, says so in its log; an admin confirms them, audited", async () => {
    const register = numbers(720000, 40);
    await runRegisterSync(env.db, {
      source: env.writeCsv(
        "register.csv",
        register.map((n) => row(n, `Held ${n} Ltd`)),
      ),
      removeMissing: true,
    });
    // One page of a paged API: the first 5 registrations, one of them changed, and one new.
    const page = env.writeCsv("page-1.csv", [
      ...register.slice(0, 4).map((n) => row(n, `Held ${n} Ltd`)),
      row(register[4], "Held Renamed Ltd"),
      row("CBDU729999", "Held Newcomer Ltd"),
    ]);
    const summary = await runRegisterSync(env.db, { source: page, removeMissing: true, log });
    expect(summary).toMatchObject({ added: 1, updated: 1, removed: 0, held: 35 });
    expect(summary.heldReason).toMatch(
      /^Removals held: 35 registrations on the directory are not in this source/,
    );
    expect(await onRegister()).toHaveLength(41);
    expect(await getProvider(env.db, register[4])).toMatchObject({ business_name: "Held Renamed Ltd" });
    expect(await getProvider(env.db, register[39])).not.toBeNull();

    const logRow = await syncLogRow(env.db, String(summary.syncId));
    expect(logRow).toMatchObject({
      status: "success",
      records_removed: 0,
      removals_held: 35,
      full_source: true,
      removals_confirmed_at: null,
    });
    expect(logRow.removals_held_reason).toContain("None was marked as removed");
    const [latest] = await listSyncLogs(env.db);
    expect(latest).toMatchObject({ removalsHeld: 35, removalsConfirmed: false, recordsRemoved: 0 });

    const held = await heldRemovals(env.db);
    expect(held).toMatchObject({ syncId: String(summary.syncId), held: 35 });
    expect(held!.sample.map((s) => s.registrationNumber)).toEqual(register.slice(5, 15));

    const admin = await insertAdmin(env.db);
    const deps = { db: env.db, log, configuredSource: undefined, staleAfterMinutes: 30 } as never;
    // Without the box ticked (a request made without the page), nothing is removed.
    expect(await confirmHeldRemovalsAsAdmin(deps, admin, String(summary.syncId), false)).toMatchObject({
      title: "Failed to confirm the removals",
      variant: "destructive",
    });
    expect(await syncLogRow(env.db, String(summary.syncId))).toMatchObject({ removals_confirmed_at: null });
    expect(await confirmHeldRemovalsAsAdmin(deps, admin, String(summary.syncId), true)).toMatchObject({
      title: "Removals confirmed",
      variant: "success",
    });
    expect(await onRegister()).toEqual([...register.slice(0, 5), "CBDU729999"]);
    expect(await getProvider(env.db, register[39])).toBeNull();
    expect(await syncLogRow(env.db, String(summary.syncId))).toMatchObject({
      records_removed: 35,
      removals_confirmed_at: expect.any(Date),
    });
    const audit = await env.db
      .selectFrom("audit_log")
      .select(["actor_user_id", "entity", "entity_id", "details"])
      .where("action", "=", "register_sync.removals_confirmed")
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actor_user_id: admin.id,
      entity: "sync_log",
      entity_id: String(summary.syncId),
    });
    expect(await heldRemovals(env.db)).toBeNull();
    // Twice is refused.
    await expect(
      confirmHeldRemovals(env.db, { syncId: String(summary.syncId), adminId: admin.id }),
    ).rejects.toThrow(HeldRemovalsError);
  });

  it("a later sync drops the held list; confirming it is refused and changes nothing", async () => {
    const register = numbers(730000, 30);
    await runRegisterSync(env.db, {
      source: env.writeCsv(
        "register.csv",
        register.map((n) => row(n, `Later ${n} Ltd`)),
      ),
      removeMissing: true,
    });
    const short = env.writeCsv(
      "short.csv",
      register.slice(0, 3).map((n) => row(n, `Later ${n} Ltd`)),
    );
    const first = await runRegisterSync(env.db, { source: short, removeMissing: true });
    expect(first).toMatchObject({ held: 27, removed: 0 });
    await runRegisterSync(env.db, { source: short, removeMissing: false, trigger: "upload" });
    expect(await heldRemovals(env.db)).toBeNull();
    const admin = await insertAdmin(env.db);
    await expect(
      confirmHeldRemovals(env.db, { syncId: String(first.syncId), adminId: admin.id }),
    ).rejects.toThrow(/A newer sync has run since/);
    expect(await onRegister()).toHaveLength(30);
  });

  it("removes them all when told the source is the whole register (applyRemovals), but never a rejected row's", async () => {
    const register = numbers(740000, 30);
    await runRegisterSync(env.db, {
      source: env.writeCsv(
        "register.csv",
        register.map((n) => row(n, `Apply ${n} Ltd`)),
      ),
      removeMissing: true,
    });
    const short = env.writeCsv("short.csv", [
      row(register[0], "Apply Kept Ltd"),
      row(register[1], "Apply Odd Date Ltd", "2030-02-30"),
    ]);
    const summary = await runRegisterSync(env.db, {
      source: short,
      removeMissing: true,
      applyRemovals: true,
    });
    expect(summary).toMatchObject({ removed: 28, held: 0, rejected: 1 });
    expect(await onRegister()).toEqual(register.slice(0, 2));
  });

  it("removes within the limit: 2% of the registrations on the register, at least 10", () => {
    expect(removalLimit(0)).toBe(REMOVAL_HOLD_FLOOR);
    expect(removalLimit(300_000)).toBe(6_000);
    expect(removalLimit(1_000)).toBe(20);
  });
});

describe("an upper tier registration without an expiry date", () => {
  it("is rejected by line with its reason; lower tier rows need none", async () => {
    const file = env.writeCsv("expiry.csv", [
      row("CBDU7201", "Dated Ltd"),
      row("CBDU7202", "Undated Ltd", ""),
      row("CBDL7203", "Lower Tier Ltd", "", "2024-01-01", "LOWER"),
      row("CBDU7204", "Dated Too Ltd"),
    ]);
    const summary = await runRegisterSync(env.db, { source: file });
    expect(summary).toMatchObject({ added: 3, rejected: 1 });
    expect(summary.rejections).toEqual([
      {
        line: 3,
        registrationNumber: "CBDU7202",
        reason: "missing expiry date: an upper tier registration always has one",
      },
    ]);
  });

  it("a source whose upper tier rows mostly have none (a missing or renamed column) fails, changing nothing", async () => {
    await runRegisterSync(env.db, {
      source: env.writeCsv("first.csv", [row("CBDU7301", "Before Ltd"), row("CBDU7302", "Before Two Ltd")]),
      removeMissing: true,
    });
    const renamed = env
      .writeCsv("renamed.csv", [
        row("CBDU7301", "After Ltd"),
        row("CBDU7302", "After Two Ltd"),
        row("CBDL7303", "After Lower Ltd", "", "2024-01-01", "LOWER"),
      ])
      .toString();
    const fs = await import("node:fs");
    fs.writeFileSync(renamed, fs.readFileSync(renamed, "utf8").replace("Expiry date", "Expiry (new)"));
    await expect(runRegisterSync(env.db, { source: renamed, removeMissing: true })).rejects.toThrow(
      "2 of the 2 upper tier rows have no expiry date: the source's expiry date column is missing, renamed or empty (expected 'Expiry date' or 'Renewal date'); nothing was imported; no data was changed",
    );
    expect(await getProvider(env.db, "CBDU7301")).toMatchObject({
      business_name: "Before Ltd",
      expiry_date: "2030-01-01",
    });
    expect(await getProvider(env.db, "CBDL7303")).toBeNull();
  });

  it("already stored is not in force: its state is 'expiry-unknown', in the pages' rule and the search's SQL", async () => {
    await insertRegisterEntries(env.db, [
      registerEntry({ registration_number: "CBDU7401", expiry_date: null }),
      registerEntry({ registration_number: "CBDL7402", registration_tier: "LOWER" }),
      registerEntry({ registration_number: "CBDU7403", registration_tier: null, expiry_date: null }),
      registerEntry({ registration_number: "CBDU7404" }),
    ]);
    const today = ukToday();
    const { rows } = await sql<{
      registration_number: string;
      expiry_date: string | null;
      registration_tier: "UPPER" | "LOWER" | null;
      in_force: boolean;
      expired: boolean;
      unknown: boolean;
    }>`SELECT d.registration_number, d.expiry_date::text AS expiry_date, d.registration_tier,
         ${inForceSql(today)} AS in_force, ${expiredSql(today)} AS expired, ${expiryUnknownSql()} AS unknown
       FROM directory_entries d ORDER BY d.registration_number`.execute(env.db);
    const states = rows.map((r) => {
      const state = registrationState(r);
      expect(r.in_force, r.registration_number).toBe(isInForce(state));
      expect(r.expired, r.registration_number).toBe(state.state === "expired");
      expect(r.unknown, r.registration_number).toBe(state.state === "expiry-unknown");
      return [r.registration_number, state.state];
    });
    expect(states).toEqual([
      ["CBDL7402", "no-expiry"],
      ["CBDU7401", "expiry-unknown"],
      ["CBDU7403", "expiry-unknown"],
      ["CBDU7404", "valid"],
    ]);
  });
});

describe("'Register data as of'", () => {
  it("is the date of the last successful full sync, not of an upload or a partial sync since", async () => {
    await runRegisterSync(env.db, {
      source: env.writeCsv("seed.csv", [row("CBDU7501", "Dated Data Ltd")]),
      trigger: "seed",
    });
    expect(await registerDataAsOf(env.db)).toBeNull();
    const full = await runRegisterSync(env.db, {
      source: env.writeCsv("full.csv", [row("CBDU7501", "Dated Data Ltd")]),
      removeMissing: true,
    });
    await env.db
      .updateTable("sync_log")
      .set({ finished_at: new Date("2026-07-15T23:30:00Z") }) // 16 July in London (BST)
      .where("id", "=", String(full.syncId))
      .execute();
    expect(await registerDataAsOf(env.db)).toBe("2026-07-16");
    await runRegisterSync(env.db, {
      source: env.writeCsv("upload.csv", [row("CBDU7502", "Uploaded Ltd")]),
      trigger: "upload",
    });
    await runRegisterSync(env.db, { source: env.writeCsv("partial.csv", [row("CBDU7503", "Partial Ltd")]) });
    expect(await registerDataAsOf(env.db)).toBe("2026-07-16");
  });
});
