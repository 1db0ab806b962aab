/**
 * Live sync progress (issue 20, item 9; decision 0802): a live run beats `alive_at` from a timer
 * however slow its source, so it is never taken for dead; a run whose process died (alive_at
 * older than 45 s) is failed at the watchdog's next look with a clear error, its job with it, and
 * the error is in what Data Management's loader returns; a requested sync starts at once when
 * the job runner is woken.
 */
import pino from "pino";
import { describe, expect, it } from "vitest";
import { JobQueue } from "~/platform/jobs/queue.server";
import { failStaleSyncs, SYNC_DEAD_AFTER_MS } from "./fail-stale-syncs.server";
import { listSyncLogs, syncSummaryCards } from "./list-sync-logs.server";
import { requestRegisterSync, syncActivity, syncPending } from "./request-sync.server";
import { runRegisterSync } from "./run-register-sync.server";
import { REGISTER_SYNC_JOB, registerSyncJob } from "./sync-job.server";
import { registrationNumbers, syncLogRow, useSyncTestEnv } from "./test-support/sync-test-env";

const log = pino({ level: "silent" });
const env = useSyncTestEnv("sync-liveness-", ["directory_entries", "sync_log", "jobs"]);
const row = (n: string, name: string) =>
  `${n},${name},,,1 Test Street,,,,Leeds,LS1 1AA,England,430000,433000,soleTrader,UPPER,carrier_dealer,2024-01-01,2030-01-01,`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const secondsAgo = (s: number) => new Date(Date.now() - s * 1000);
const logRow = () =>
  env.db.selectFrom("sync_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();

const DEAD_MESSAGE =
  "The sync stopped responding (its process gave no sign of life for 45 seconds: it crashed or was restarted) and was marked as failed; no data was changed";

describe("a slow but live run", () => {
  it("keeps beating while its source is silent: never taken for dead, even by another instance's watchdog", async () => {
    const slow = await env.slowSource(
      row("CBDU9301", "Slow Alive One Ltd"),
      row("CBDU9302", "Slow Alive Two Ltd"),
    );
    const run = runRegisterSync(env.db, { source: slow.url, heartbeatMs: 100 });
    await expect.poll(async () => (await logRow()).records_processed, { timeout: 10_000 }).toBe(1);
    const before = await logRow();
    expect(before.alive_at).not.toBeNull();
    await sleep(1_500); // no row and no byte for 15 beats
    const during = await logRow();
    expect(during.status).toBe("running");
    // No progress: heartbeat_at stays; the process is alive: alive_at moves.
    expect(during.heartbeat_at).toEqual(before.heartbeat_at);
    expect(during.alive_at!.getTime()).toBeGreaterThan(before.alive_at!.getTime());
    // A watchdog that does not know the run (another instance), with a 1 s limit: still alive.
    expect(await failStaleSyncs(env.db, 30 * 60_000, { deadAfterMs: 1_000, spare: [] })).toBe(0);
    // This process's watchdog spares its own live runs whatever the limit (a late beat on a busy
    // database is not a dead process).
    expect(await failStaleSyncs(env.db, 30 * 60_000, { deadAfterMs: 1 })).toBe(0);
    expect((await logRow()).status).toBe("running");
    slow.release();
    await expect(run).resolves.toMatchObject({ added: 2 });
    expect(await registrationNumbers(env.db)).toEqual(["CBDU9301", "CBDU9302"]);
  });
});

describe("a run whose process died", () => {
  it("is failed once its heartbeat is older than 45 s, with a clear error; its job is failed too and a new sync may start", async () => {
    const job = await env.db
      .insertInto("jobs")
      .values({ type: REGISTER_SYNC_JOB.type, status: "running", payload: "{}", unique_key: "register-sync" })
      .returning("id")
      .executeTakeFirstOrThrow();
    // A dead process's run: progress 50 s ago (well within the 30-minute stale limit), no beat since.
    const dead = await env.db
      .insertInto("sync_log")
      .values({
        status: "running",
        source: "crashed.csv",
        records_processed: 4_000,
        created_at: secondsAgo(80),
        heartbeat_at: secondsAgo(50),
        alive_at: secondsAgo(50),
        job_id: job.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await syncPending(env.db)).toBe(true);
    expect(SYNC_DEAD_AFTER_MS).toBe(45_000);
    expect(await failStaleSyncs(env.db, 30 * 60_000)).toBe(1);
    const marked = await syncLogRow(env.db, dead.id);
    expect(marked).toMatchObject({ status: "error", error_message: DEAD_MESSAGE });
    expect(marked.finished_at).not.toBeNull();
    expect(marked.duration_ms).toBeGreaterThanOrEqual(29_000);
    expect(marked.duration_ms).toBeLessThanOrEqual(31_000);
    expect(
      await env.db.selectFrom("jobs").select(["status", "last_error"]).where("id", "=", job.id).execute(),
    ).toEqual([{ status: "failed", last_error: DEAD_MESSAGE }]);
    expect(await syncActivity(env.db)).toEqual({ pending: false, queued: false });

    // What the Data Management loader returns: the error beside the last run's status, and in the history.
    const summary = await syncSummaryCards(env.db);
    expect(summary.lastRun).toMatchObject({ status: "error", errorMessage: DEAD_MESSAGE });
    expect((await listSyncLogs(env.db))[0]).toMatchObject({ status: "error", errorMessage: DEAD_MESSAGE });

    // The slot is free: a sync may be requested at once.
    const id = await requestRegisterSync(env.db, {
      configuredSource: "/nowhere.csv",
      trigger: "manual",
      removeMissing: false,
      staleAfterMinutes: 30,
    });
    expect(id).toBeTruthy();
  });

  it("a beat within 45 s, or a run of an older release (no alive_at) with recent progress, is left running", async () => {
    await env.db
      .insertInto("sync_log")
      .values({
        status: "running",
        source: "recent.csv",
        heartbeat_at: secondsAgo(40),
        alive_at: secondsAgo(30),
      })
      .execute();
    expect(await failStaleSyncs(env.db, 30 * 60_000)).toBe(0);
    await env.db.deleteFrom("sync_log").execute();
    await env.db
      .insertInto("sync_log")
      .values({ status: "running", source: "older-release.csv", heartbeat_at: secondsAgo(120) })
      .execute();
    expect(await failStaleSyncs(env.db, 30 * 60_000)).toBe(0);
    // The progress rule still applies to it: 3 minutes without progress under a 2-minute limit.
    await env.db
      .updateTable("sync_log")
      .set({ heartbeat_at: secondsAgo(180) })
      .execute();
    expect(await failStaleSyncs(env.db, 2 * 60_000)).toBe(1);
    expect((await logRow()).error_message).toBe(
      "The sync stopped responding (no progress for 2 minutes) and was marked as failed; no data was changed",
    );
  });
});

describe("a requested sync starts promptly", () => {
  it("the job runner, woken when the sync is requested, runs it without waiting for its next poll", async () => {
    const source = env.writeCsv("prompt.csv", [row("CBDU9401", "Prompt Start Ltd")]);
    const queue = new JobQueue(env.db, log, { pollMs: 60_000 });
    queue.register(registerSyncJob({ SYNC_STALE_AFTER_MINUTES: 30 }));
    queue.start();
    try {
      await sleep(200); // the first poll is over: the next one is a minute away
      await requestRegisterSync(env.db, {
        configuredSource: source,
        trigger: "manual",
        removeMissing: false,
        staleAfterMinutes: 30,
      });
      expect(await syncActivity(env.db)).toEqual({ pending: true, queued: true });
      const asked = Date.now();
      queue.wake();
      await expect
        .poll(
          async () => (await env.db.selectFrom("sync_log").select("status").execute()).map((r) => r.status),
          {
            timeout: 5_000,
          },
        )
        .toEqual(["success"]);
      expect(Date.now() - asked).toBeLessThan(5_000);
      const logged = await logRow();
      expect(logged.job_id).not.toBeNull();
      expect(await registrationNumbers(env.db)).toEqual(["CBDU9401"]);
    } finally {
      await queue.stop();
    }
  });
});
