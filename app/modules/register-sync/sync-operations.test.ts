/**
 * The admin's sync operations (issue 8): one sync at a time (refused clearly, through the job
 * queue too), crash recovery (a killed run leaves nothing behind and is marked error), clearing a
 * run that is in fact alive, removed registrations, and the scheduled run.
 */
import path from "node:path";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { getProvider } from "~/modules/directory/get-provider.server";
import { getRemovedRegistration } from "~/modules/directory/get-removed-registration.server";
import { searchProviders } from "~/modules/directory/search-providers.server";
import { parseSearchInput } from "~/modules/directory/search-input";
import { JobQueue } from "~/platform/jobs/queue.server";
import { insertRegisterEntry } from "#tests/support/builders";
import { CLEARED_MESSAGE, clearStuckSyncs } from "./clear-stuck-syncs.server";
import { failStaleSyncs } from "./fail-stale-syncs.server";
import {
  listSyncDebugEntries,
  listSyncLogs,
  listSyncRejections,
  syncSummaryCards,
} from "./list-sync-logs.server";
import { NoRegisterSourceError, requestRegisterSync, syncPending } from "./request-sync.server";
import { runRegisterSync, SyncAlreadyRunningError, SyncFailedError } from "./run-register-sync.server";
import { stageRegisterRows } from "./stage-register-rows.server";
import { StagingBatch } from "./staging-batch";
import { detectRegisterFileType } from "./store-upload.server";
import { registrationNumbers, syncLogRow, useSyncTestEnv } from "./test-support/sync-test-env";
import { REGISTER_SYNC_JOB, registerSyncJob } from "./sync-job.server";

const log = pino({ level: "silent" });
const FIXTURES = path.resolve(import.meta.dirname, "../../../tests/fixtures/register");
const EA = path.join(FIXTURES, "ea-export.csv");
const row = (n: string, name: string, town = "Leeds") =>
  `${n},${name},,,1 Test Street,,,,${town},LS1 1AA,England,430000,433000,soleTrader,UPPER,carrier_dealer,2024-01-01,2030-01-01,`;

const env = useSyncTestEnv("sync-ops-", ["directory_entries", "sync_log", "jobs"]);

const statuses = async () =>
  (await env.db.selectFrom("sync_log").select("status").orderBy("id").execute()).map((r) => r.status);
const numbers = () => registrationNumbers(env.db);

describe("one sync at a time", () => {
  it("refuses a second request while a sync runs or waits, with a clear message; needs a source", async () => {
    const options = {
      configuredSource: EA,
      trigger: "manual" as const,
      removeMissing: true,
      staleAfterMinutes: 30,
    };
    await expect(
      requestRegisterSync(env.db, { ...options, configuredSource: undefined }),
    ).rejects.toBeInstanceOf(NoRegisterSourceError);
    expect(await syncPending(env.db)).toBe(false);
    const id = await requestRegisterSync(env.db, options);
    expect(id).toBeTruthy();
    expect(await syncPending(env.db)).toBe(true);
    // Queued, not yet running: a second click is refused (one job, unique key).
    const second = requestRegisterSync(env.db, options);
    await expect(second).rejects.toBeInstanceOf(SyncAlreadyRunningError);
    await expect(second).rejects.toThrow(
      /^A register sync is already running .*Wait for it to finish, or clear it if it is stuck\./,
    );
    expect(await env.db.selectFrom("jobs").select("id").execute()).toHaveLength(1);
    // Running (a log row 'running'): refused too.
    await env.db.deleteFrom("jobs").execute();
    await env.db.insertInto("sync_log").values({ status: "running", source: "elsewhere" }).execute();
    await expect(requestRegisterSync(env.db, options)).rejects.toBeInstanceOf(SyncAlreadyRunningError);
  });

  it("two sync jobs picked up together by the runner (concurrency 2): one runs, the other is refused and not retried", async () => {
    const slow = await env.slowSource(row("CBDU5001", "Slow One Ltd"), row("CBDU5002", "Slow Two Ltd"));
    const queue = new JobQueue(env.db, log, { concurrency: 2 });
    // The definition is bulk (one at a time per runner); as two instances' runners would, this
    // runner takes both, so the sync_log guard is what refuses the second.
    queue.register({ ...registerSyncJob({ SYNC_STALE_AFTER_MINUTES: 30 }), bulk: false });
    await queue.enqueue(REGISTER_SYNC_JOB, { source: slow.url, removeMissing: false }, { maxAttempts: 1 });
    await queue.enqueue(REGISTER_SYNC_JOB, { source: EA, removeMissing: false }, { maxAttempts: 1 });
    await queue.tick();
    await expect
      .poll(() => env.db.selectFrom("jobs").select("status").where("status", "=", "failed").execute())
      .toHaveLength(1);
    const failed = await env.db
      .selectFrom("jobs")
      .select(["last_error", "attempts"])
      .where("status", "=", "failed")
      .executeTakeFirstOrThrow();
    expect(failed.last_error).toMatch(/A register sync is already running/);
    expect(failed.attempts).toBe(1);
    slow.release();
    await expect
      .poll(() => env.db.selectFrom("jobs").select("status").where("status", "=", "done").execute())
      .toHaveLength(1);
    await queue.stop();
    expect(await statuses()).toEqual(["success"]);
    expect(await numbers()).toEqual(["CBDU5001", "CBDU5002"]);
  });
});

describe("crash recovery", () => {
  it("a run killed half-way (staged rows, no heartbeat) is marked error and its leftovers are never merged", async () => {
    await runRegisterSync(env.db, { source: EA });
    const before = await env.db
      .selectFrom("directory_entries")
      .selectAll()
      .orderBy("registration_number")
      .execute();
    // What a killed process leaves: a 'running' log with an old heartbeat and rows in staging.
    // One clock reading for both times: two could differ by a millisecond, and so the duration.
    const now = Date.now();
    const dead = await env.db
      .insertInto("sync_log")
      .values({
        status: "running",
        source: "killed",
        heartbeat_at: new Date(now - 45 * 60_000),
        created_at: new Date(now - 50 * 60_000),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await stageRegisterRows(
      env.db,
      StagingBatch.of([
        {
          line_number: 2,
          registration_number: "CBDU6666",
          business_name: "Half Imported Ltd",
          uprn: null,
          building: null,
          address_line_1: null,
          address_line_2: null,
          address_line_3: null,
          address_line_4: null,
          town: "Leeds",
          postcode: null,
          country: null,
          easting: null,
          northing: null,
          applicant_type: null,
          registration_tier: "LOWER",
          registration_type: null,
          registration_date: null,
          expiry_date: null,
          company_number: null,
        },
      ]),
    );
    // Nothing changed in the directory; the watchdog marks the dead run as failed.
    expect(
      await env.db.selectFrom("directory_entries").selectAll().orderBy("registration_number").execute(),
    ).toEqual(before);
    expect(await failStaleSyncs(env.db, 30 * 60_000)).toBe(1);
    const marked = await syncLogRow(env.db, dead.id);
    expect(marked.status).toBe("error");
    expect(marked.error_message).toMatch(/stopped responding .*no data was changed/);
    expect(marked.duration_ms).toBe(5 * 60_000);
    // The next run starts from a clean staging table: the dead run's row is not imported.
    const next = await runRegisterSync(env.db, { source: EA });
    expect(next).toMatchObject({ added: 0, updated: 0, unchanged: 5 });
    expect(await numbers()).not.toContain("CBDU6666");
  });

  it("'Clear Stuck Syncs' on a run that is alive: the run stops without changing anything and a new one may start", async () => {
    const slow = await env.slowSource(row("CBDU7001", "Cleared One Ltd"), row("CBDU7002", "Cleared Two Ltd"));
    const run = runRegisterSync(env.db, { source: slow.url });
    await expect.poll(statuses).toEqual(["running"]);
    await env.db
      .insertInto("jobs")
      .values({ type: REGISTER_SYNC_JOB.type, status: "running", payload: "{}", unique_key: "register-sync" })
      .execute();
    expect(await clearStuckSyncs(env.db)).toBe(1);
    const cleared = await env.db.selectFrom("sync_log").selectAll().executeTakeFirstOrThrow();
    expect(cleared).toMatchObject({ status: "error", error_message: CLEARED_MESSAGE });
    expect(cleared.finished_at).not.toBeNull();
    // The job row no longer holds the one-sync slot.
    expect(await env.db.selectFrom("jobs").select(["status", "last_error"]).execute()).toEqual([
      { status: "failed", last_error: CLEARED_MESSAGE },
    ]);
    expect(await syncPending(env.db)).toBe(false);
    slow.release();
    await expect(run).rejects.toBeInstanceOf(SyncFailedError);
    expect(await numbers()).toEqual([]);
    const after = await env.db
      .selectFrom("sync_log")
      .select(["status", "error_message"])
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ status: "error", error_message: CLEARED_MESSAGE });
    expect(await runRegisterSync(env.db, { source: EA })).toMatchObject({ added: 5 });
  });
});

describe("removed registrations", () => {
  it("are kept, marked, shown as removed on the profile and left out of search; they come back when listed again", async () => {
    const full = env.writeCsv("full.csv", [
      row("CBDU8101", "Stays Waste Ltd", "Removaltown"),
      row("CBDU8102", "Goes Waste Ltd", "Removaltown"),
    ]);
    await runRegisterSync(env.db, { source: full, removeMissing: true });
    const smaller = env.writeCsv("smaller.csv", [row("CBDU8101", "Stays Waste Ltd", "Removaltown")]);
    const summary = await runRegisterSync(env.db, { source: smaller, removeMissing: true });
    expect(summary).toMatchObject({ removed: 1, added: 0, updated: 0 });
    const logs = await listSyncLogs(env.db);
    expect(logs[0]).toMatchObject({
      status: "success",
      recordsRemoved: 1,
      recordsAdded: 0,
      recordsUpdated: 0,
      recordsRejected: 0,
    });
    expect(await numbers()).toEqual(["CBDU8101", "CBDU8102"]);
    expect(await getProvider(env.db, "CBDU8102")).toBeNull();
    expect(await getRemovedRegistration(env.db, "cbdu 8102")).toMatchObject({
      registration_number: "CBDU8102",
      business_name: "Goes Waste Ltd",
      removed_at: expect.any(String),
    });
    expect(await getRemovedRegistration(env.db, "CBDU8101")).toBeNull();
    const found = await searchProviders(
      env.db,
      parseSearchInput(new URLSearchParams({ query: "Removaltown" })).input,
    );
    expect(JSON.stringify(found)).toContain("CBDU8101");
    expect(JSON.stringify(found)).not.toContain("CBDU8102");
    const back = await runRegisterSync(env.db, { source: full, removeMissing: true });
    expect(back).toMatchObject({ removed: 0, updated: 1 });
    expect(await getRemovedRegistration(env.db, "CBDU8102")).toBeNull();
  });
});

describe("history, rejected lines and schedule", () => {
  it("lists runs newest first with counts and rejected lines, summary cards and debug entries", async () => {
    const bad = env.writeCsv("bad.csv", [
      row("CBDU8201", "Good Row Ltd"),
      ",No Number Ltd,,,,,,,Leeds,,,,,,,,,,",
      row("CBDU8202", "Another Good Ltd"),
    ]);
    await runRegisterSync(env.db, { source: bad, trigger: "upload" });
    await env.db
      .insertInto("sync_log")
      .values({ status: "error", error_message: "boom", created_at: new Date(Date.now() + 1000) })
      .execute();
    const logs = await listSyncLogs(env.db);
    expect(logs.map((l) => l.status)).toEqual(["error", "success"]);
    expect(logs[1]).toMatchObject({
      trigger: "upload",
      recordsProcessed: 3,
      recordsAdded: 2,
      recordsRejected: 1,
      storedRejections: 1,
    });
    const rejected = await listSyncRejections(env.db, logs[1].id);
    expect(rejected).toEqual([
      { line: 3, registrationNumber: null, reason: expect.stringMatching(/registration number/i) },
    ]);
    expect(await listSyncRejections(env.db, "not-a-number")).toEqual([]);
    expect(await syncSummaryCards(env.db)).toMatchObject({
      totalRuns: 2,
      successfulRuns: 1,
      lastRun: { status: "error" },
    });
    await requestRegisterSync(env.db, {
      source: bad,
      trigger: "upload",
      removeMissing: false,
      staleAfterMinutes: 30,
    });
    const debug = await listSyncDebugEntries(env.db);
    expect(debug).toHaveLength(1);
    expect(debug[0]).toMatchObject({
      status: "queued",
      payload: { source: bad, trigger: "upload", removeMissing: false },
    });
  });

  it("keeps at most 50 runs in the history", async () => {
    await env.db
      .insertInto("sync_log")
      .values(
        Array.from({ length: 55 }, (_, i) => ({
          status: "success" as const,
          created_at: new Date(Date.UTC(2030, 0, 1, 0, i)),
        })),
      )
      .execute();
    const logs = await listSyncLogs(env.db);
    expect(logs).toHaveLength(50);
    expect(logs[0].createdAt).toBe(new Date(Date.UTC(2030, 0, 1, 0, 54)).toISOString());
  });

  it("runs the daily schedule at the configured time, once a day, as a full sync", async () => {
    const full = env.writeCsv("scheduled.csv", [row("CBDU8301", "Scheduled Waste Ltd")]);
    await insertRegisterEntry(env.db, {
      registration_number: "CBDU8399",
      business_name: "Gone By Morning Ltd",
    });
    const queue = new JobQueue(env.db, log);
    queue.register(
      registerSyncJob({ REGISTER_SOURCE: full, SYNC_STALE_AFTER_MINUTES: 30, SYNC_DAILY_AT: "05:30" }),
    );
    await queue.tick(new Date(Date.UTC(2031, 4, 2, 5, 29)));
    expect(await env.db.selectFrom("jobs").select("id").execute()).toEqual([]);
    await queue.tick(new Date(Date.UTC(2031, 4, 2, 5, 31)));
    await expect
      .poll(() => env.db.selectFrom("jobs").select("status").execute())
      .toEqual([{ status: "done" }]);
    await queue.tick(new Date(Date.UTC(2031, 4, 2, 9, 0)));
    expect(await env.db.selectFrom("jobs").select("id").execute()).toHaveLength(1);
    await queue.stop();
    const last = await env.db.selectFrom("sync_log").selectAll().executeTakeFirstOrThrow();
    expect(last).toMatchObject({
      trigger: "schedule",
      status: "success",
      records_added: 1,
      records_removed: 1,
    });
  });

  it("tells CSV and ZIP uploads from other files by content", () => {
    expect(detectRegisterFileType(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]))).toBe("zip");
    expect(detectRegisterFileType(new TextEncoder().encode("\uFEFFRegistration number,Name\nA,B\n"))).toBe(
      "csv",
    );
    expect(detectRegisterFileType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toBeNull();
    expect(detectRegisterFileType(new TextEncoder().encode("just some text\n"))).toBeNull();
  });
});
