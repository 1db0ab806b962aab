import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/support/test-database";
import { createLogger } from "../logger.server";
import { enqueueJob, JOB_PRIORITY, JobQueue } from "./queue.server";

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
    q.register("pdf", async (p) => void order.push(`pdf${p.n}`));
    q.register("email", async () => void order.push("email"), { priority: JOB_PRIORITY.urgent });
    for (let n = 0; n < 50; n++)
      await enqueueJob(t.db, "pdf", { n }, { runAt: new Date(Date.now() - 60_000) });
    await enqueueJob(t.db, "email");
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
      "sync",
      async () => {
        ran.push("sync");
        await syncDone;
      },
      { bulk: true },
    );
    q.register("purge", async () => void ran.push("purge"), { bulk: true });
    q.register("email", async () => void ran.push("email"), { priority: JOB_PRIORITY.urgent });
    await enqueueJob(t.db, "sync");
    await enqueueJob(t.db, "purge");
    await q.tick();
    expect(ran).toEqual(["sync"]);
    await enqueueJob(t.db, "email");
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
    q.register("flaky", async () => {
      throw new Error("SMTP said no");
    });
    const id = (await enqueueJob(t.db, "flaky", {}, { maxAttempts: 2 }))!;
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
    q.register("x", async () => void runs++);
    const id = (await enqueueJob(t.db, "x", {}, { maxAttempts: 3 }))!;
    await t.db.updateTable("jobs").set({ attempts: 3 }).where("id", "=", id).execute();
    expect(await q.drain()).toBe(0);
    expect(runs).toBe(0);
  });

  it("counts a run whose process died: re-queued while attempts remain, failed (not re-queued) after the last", async () => {
    const q = new JobQueue(t.db, log, { staleAfterMs: 60_000 });
    q.register("pdf", async () => {});
    const early = (await enqueueJob(t.db, "pdf", {}, { maxAttempts: 5 }))!;
    const last = (await enqueueJob(t.db, "pdf", {}, { maxAttempts: 5 }))!;
    const live = (await enqueueJob(t.db, "pdf", {}, { maxAttempts: 5 }))!;
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
    q.register("long", () => running);
    const id = (await enqueueJob(t.db, "long"))!;
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
    q.register("sync", async (_p, { db, job: me }) => {
      await db
        .updateTable("jobs")
        .set({ status: "failed", last_error: "Cleared by an admin" })
        .where("id", "=", me.id)
        .execute();
    });
    const id = (await enqueueJob(t.db, "sync"))!;
    await q.drain();
    expect(await job(id)).toMatchObject({ status: "failed", last_error: "Cleared by an admin" });
  });
});
