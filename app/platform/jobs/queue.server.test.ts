import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { createLogger } from "../logger.server";
import crypto from "node:crypto";
import { z } from "zod";
import { testJob, testType } from "#tests/support/jobs";
import { defineJob, InvalidJobPayloadError, JOB_PRIORITY, jobHandler } from "./job-definition.server";
import { enqueueJob, JobQueue, releaseUniqueKey } from "./queue.server";

const log = createLogger("silent");
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.destroy());
beforeEach(async () => {
  await t.db.deleteFrom("jobs").execute();
});

const job = (id: string) =>
  t.db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("the job queue", () => {
  it("claims urgent jobs before older normal ones (a reset e-mail does not wait behind 50 PDFs)", async () => {
    const order: string[] = [];
    const q = new JobQueue(t.db, log);
    q.register(testJob("pdf", async (p) => void order.push(`pdf${p.n}`)));
    q.register(testJob("email", async () => void order.push("email"), { priority: JOB_PRIORITY.urgent }));
    for (let n = 0; n < 50; n++)
      await enqueueJob(t.db, testType("pdf"), { n }, { runAt: new Date(Date.now() - 60_000) });
    await enqueueJob(t.db, testType("email"), {});
    await q.drain();
    expect(order[0]).toBe("email");
    expect(order).toHaveLength(51);
  });

  it("gives bulk work at most one slot, so other jobs keep running beside a long one", async () => {
    const q = new JobQueue(t.db, log, { concurrency: 2, pollMs: 20 });
    let releaseSync!: () => void;
    const syncDone = new Promise<void>((resolve) => (releaseSync = resolve));
    const ran: string[] = [];
    q.register(
      testJob(
        "sync",
        async () => {
          ran.push("sync");
          await syncDone;
        },
        { bulk: true },
      ),
    );
    q.register(testJob("purge", async () => void ran.push("purge"), { bulk: true }));
    q.register(testJob("email", async () => void ran.push("email"), { priority: JOB_PRIORITY.urgent }));
    await enqueueJob(t.db, testType("sync"), {});
    await enqueueJob(t.db, testType("purge"), {});
    await q.tick();
    expect(ran).toEqual(["sync"]);
    await enqueueJob(t.db, testType("email"), {});
    await q.tick();
    await new Promise((r) => setTimeout(r, 50));
    expect(ran).toEqual(["sync", "email"]); // the purge waits: one bulk job at a time
    releaseSync();
    await new Promise((r) => setTimeout(r, 50));
    await q.tick();
    await q.stop();
    expect(ran).toEqual(["sync", "email", "purge"]);
  });

  it("retries a failing job with a back-off and fails it with the error after its last attempt", async () => {
    const q = new JobQueue(t.db, log);
    q.register(
      testJob("flaky", async () => {
        throw new Error("SMTP said no");
      }),
    );
    const id = (await enqueueJob(t.db, testType("flaky"), {}, { maxAttempts: 2 }))!;
    await q.drain();
    expect(await job(id)).toMatchObject({ status: "queued", attempts: 1, last_error: "SMTP said no" });
    expect((await job(id)).run_at.getTime()).toBeGreaterThan(Date.now());
    await t.db
      .updateTable("jobs")
      .set({ run_at: new Date(0) })
      .where("id", "=", id)
      .execute();
    await q.drain();
    expect(await job(id)).toMatchObject({ status: "failed", attempts: 2, last_error: "SMTP said no" });
  });

  it("never claims a job that has used its attempts", async () => {
    const q = new JobQueue(t.db, log);
    let runs = 0;
    q.register(testJob("x", async () => void runs++));
    const id = (await enqueueJob(t.db, testType("x"), {}, { maxAttempts: 3 }))!;
    await t.db.updateTable("jobs").set({ attempts: 3 }).where("id", "=", id).execute();
    expect(await q.drain()).toBe(0);
    expect(runs).toBe(0);
  });

  it("counts a run whose process died: re-queued while attempts remain, failed (not re-queued) after the last", async () => {
    const q = new JobQueue(t.db, log, { staleAfterMs: 60_000 });
    q.register(testJob("pdf", async () => {}));
    const early = (await enqueueJob(t.db, testType("pdf"), {}, { maxAttempts: 5 }))!;
    const last = (await enqueueJob(t.db, testType("pdf"), {}, { maxAttempts: 5 }))!;
    const live = (await enqueueJob(t.db, testType("pdf"), {}, { maxAttempts: 5 }))!;
    const longAgo = new Date(Date.now() - 5 * 60_000);
    // Died during attempt 2, during attempt 5 (its last), and one still beating.
    await t.db
      .updateTable("jobs")
      .set({ status: "running", attempts: 2, locked_at: longAgo, locked_by: "dead:1" })
      .where("id", "=", early)
      .execute();
    await t.db
      .updateTable("jobs")
      .set({ status: "running", attempts: 5, locked_at: longAgo, locked_by: "dead:1" })
      .where("id", "=", last)
      .execute();
    await t.db
      .updateTable("jobs")
      .set({ status: "running", attempts: 1, locked_at: new Date(), locked_by: "alive:2" })
      .where("id", "=", live)
      .execute();
    await q.recoverStale();
    expect(await job(early)).toMatchObject({
      status: "queued",
      attempts: 2,
      last_error: "The process running this job stopped before it finished",
    });
    expect((await job(early)).run_at.getTime()).toBeGreaterThan(Date.now());
    expect(await job(last)).toMatchObject({
      status: "failed",
      attempts: 5,
      last_error: "The process running this job stopped before it finished",
    });
    expect(await job(live)).toMatchObject({ status: "running", locked_by: "alive:2" });
  });

  it("keeps a long job's lock fresh while it runs, so another runner does not take it as dead", async () => {
    const q = new JobQueue(t.db, log, { staleAfterMs: 300, heartbeatMs: 50, pollMs: 20 });
    let release!: () => void;
    const running = new Promise<void>((resolve) => (release = resolve));
    q.register(testJob("long", () => running));
    const id = (await enqueueJob(t.db, testType("long"), {}))!;
    q.start();
    const other = new JobQueue(t.db, log, { staleAfterMs: 300 });
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await other.recoverStale();
    }
    expect(await job(id)).toMatchObject({ status: "running", attempts: 1 });
    release();
    await q.stop();
    expect(await job(id)).toMatchObject({ status: "done" });
  });

  it("does not overwrite a job that was cleared while it ran", async () => {
    const q = new JobQueue(t.db, log);
    q.register(
      testJob("sync", async (_p, { db, job: me }) => {
        await db
          .updateTable("jobs")
          .set({ status: "failed", last_error: "Cleared by an admin" })
          .where("id", "=", me.id)
          .execute();
      }),
    );
    const id = (await enqueueJob(t.db, testType("sync"), {}))!;
    await q.drain();
    expect(await job(id)).toMatchObject({ status: "failed", last_error: "Cleared by an admin" });
  });

  it("queues a job beside a running one with the same key once that one released its key, and not before", async () => {
    const q = new JobQueue(t.db, log);
    const queuedDuringRun: (string | null)[] = [];
    q.register(
      testJob("render", async (p, { db, job: me }) => {
        if (p.round !== 1) return;
        queuedDuringRun.push(
          await enqueueJob(db, testType("render"), { round: 2 }, { uniqueKey: "render:1" }),
        );
        await releaseUniqueKey(db, me.id);
        queuedDuringRun.push(
          await enqueueJob(db, testType("render"), { round: 2 }, { uniqueKey: "render:1" }),
        );
        queuedDuringRun.push(
          await enqueueJob(db, testType("render"), { round: 3 }, { uniqueKey: "render:1" }),
        );
      }),
    );
    const first = (await enqueueJob(t.db, testType("render"), { round: 1 }, { uniqueKey: "render:1" }))!;
    expect(await q.drain()).toBe(2);
    // Before the release: a no-op; after it, one new job (and again a no-op while that one waits).
    expect(queuedDuringRun[0]).toBeNull();
    expect(queuedDuringRun[1]).not.toBeNull();
    expect(queuedDuringRun[2]).toBeNull();
    expect(await job(first)).toMatchObject({ status: "done", unique_key: null });
    expect(await job(queuedDuringRun[1]!)).toMatchObject({ status: "done", unique_key: "render:1" });
  });

  it("refuses a payload its definition refuses when enqueued: nothing is stored", async () => {
    const NOTE_PDF = defineJob({ type: "note.pdf", payload: z.strictObject({ id: z.uuid() }) });
    await expect(enqueueJob(t.db, NOTE_PDF, { id: "../../etc/passwd" })).rejects.toThrow(
      InvalidJobPayloadError,
    );
    await expect(enqueueJob(t.db, NOTE_PDF, { id: crypto.randomUUID(), extra: 1 } as never)).rejects.toThrow(
      /Invalid payload for the job 'note.pdf'/,
    );
    expect(await t.db.selectFrom("jobs").select("id").execute()).toEqual([]);
    expect(await enqueueJob(t.db, NOTE_PDF, { id: crypto.randomUUID() })).not.toBeNull();
    expect(await t.db.selectFrom("jobs").select("type").execute()).toEqual([{ type: "note.pdf" }]);
  });

  it("checks the stored payload again before running: a bad row fails at once, with the reason, not retried", async () => {
    const NOTE_PDF = defineJob({ type: "note.pdf", payload: z.strictObject({ id: z.uuid() }) });
    const seen: string[] = [];
    const q = new JobQueue(t.db, log);
    q.register(jobHandler(NOTE_PDF, async ({ id }) => void seen.push(id)));
    // Written by hand (or by an older release) around the enqueue check.
    const row = await t.db
      .insertInto("jobs")
      .values({ type: "note.pdf", payload: JSON.stringify({ id: 42 }), max_attempts: 5 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const good = crypto.randomUUID();
    await enqueueJob(t.db, NOTE_PDF, { id: good });
    await q.drain();
    expect(seen).toEqual([good]);
    const bad = await job(row.id);
    expect(bad).toMatchObject({ status: "failed", attempts: 1 });
    expect(bad.last_error).toMatch(/Invalid payload for the job 'note.pdf'/);
  });

  it("enqueues each schedule once a day with { trigger: 'schedule' }, from the registration", async () => {
    const DAILY = defineJob({
      type: "daily.tidy",
      payload: z.strictObject({ trigger: z.literal("schedule").optional() }),
    });
    const triggers: unknown[] = [];
    const q = new JobQueue(t.db, log);
    q.register(
      jobHandler(DAILY, async (p) => void triggers.push(p.trigger), {
        schedule: { name: "tidy", dailyAt: "04:00" },
      }),
    );
    await q.tick(new Date(Date.UTC(2031, 0, 5, 3, 59)));
    await q.stop();
    expect(await t.db.selectFrom("jobs").select("id").execute()).toEqual([]);
    const again = new JobQueue(t.db, log);
    again.register(
      jobHandler(DAILY, async (p) => void triggers.push(p.trigger), {
        schedule: { name: "tidy", dailyAt: "04:00" },
      }),
    );
    await again.tick(new Date(Date.UTC(2031, 0, 5, 4, 1)));
    await again.tick(new Date(Date.UTC(2031, 0, 5, 9, 0)));
    await again.stop();
    await again.drain();
    expect(triggers).toEqual(["schedule"]);
    expect(await t.db.selectFrom("jobs").select("unique_key").execute()).toEqual([
      { unique_key: "schedule:tidy:2031-01-05" },
    ]);
  });

  it("releases what the handlers hold when it stops", async () => {
    let closed = 0;
    const q = new JobQueue(t.db, log);
    q.register(jobHandler(testType("pdf"), async () => {}, { close: async () => void closed++ }));
    await q.stop();
    expect(closed).toBe(1);
  });
});
