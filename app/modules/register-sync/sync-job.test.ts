import fs from "node:fs";
import path from "node:path";
import pino from "pino";
import { expect, it } from "vitest";
import { JobQueue } from "~/platform/jobs/queue.server";
import type { TestDatabase } from "../../../tests/support/test-database";
import { useTestDatabaseAndFolder } from "#tests/support/use-test-database";
import { seedSampleRegister } from "./seed-sample-register.server";
import { REGISTER_SYNC_JOB, registerSyncJob } from "./sync-job.server";

const log = pino({ level: "silent" });
const fixture = path.resolve(import.meta.dirname, "../../../tests/fixtures/register/ea-export.csv");
let t: TestDatabase;
let dir: string;
useTestDatabaseAndFolder("register-seed-", (opened, folder) => {
  t = opened;
  dir = folder;
});

it("seeds an empty directory from a generated sample once; a second start reuses the data", async () => {
  const first = await seedSampleRegister(t.db, { dataDir: dir, rows: 300, log });
  expect(first).toMatchObject({ added: 300, rejected: 0 });
  expect(fs.existsSync(path.join(dir, "sample-register.csv"))).toBe(true);
  expect(await seedSampleRegister(t.db, { dataDir: dir, rows: 300, log })).toBeNull();
  const logs = await t.db.selectFrom("sync_log").select(["trigger", "status", "full_source"]).execute();
  // The whole sample register: profiles date their data by it (decision 0280).
  expect(logs).toEqual([{ trigger: "seed", status: "success", full_source: true }]);
});

it("runs as a 'register-sync' job from the configured source, and on the daily schedule", async () => {
  const queue = new JobQueue(t.db, log);
  queue.register(
    registerSyncJob({ REGISTER_SOURCE: fixture, SYNC_STALE_AFTER_MINUTES: 30, SYNC_DAILY_AT: "03:00" }),
  );
  await queue.enqueue(REGISTER_SYNC_JOB, {});
  await queue.tick(new Date(Date.UTC(2030, 0, 1, 2, 0))); // before 03:00: the manual job only
  await expect.poll(() => t.db.selectFrom("jobs").select("status").execute()).toEqual([{ status: "done" }]);
  await queue.stop();
  const manual = await t.db
    .selectFrom("sync_log")
    .selectAll()
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  expect(manual).toMatchObject({ trigger: "manual", status: "success", source: fixture, records_added: 5 });
  // Full sync: the sample rows seeded above are not in the source. 300 of 305 is more than a
  // small share of the register: they are held for an administrator to confirm (decision 0279).
  expect(manual).toMatchObject({ records_removed: 0, removals_held: 300, full_source: true });

  const scheduled = new JobQueue(t.db, log);
  scheduled.register(
    registerSyncJob({ REGISTER_SOURCE: fixture, SYNC_STALE_AFTER_MINUTES: 30, SYNC_DAILY_AT: "03:00" }),
  );
  await scheduled.tick(new Date(Date.UTC(2030, 0, 1, 3, 5)));
  await expect
    .poll(() => t.db.selectFrom("jobs").select("status").where("unique_key", "like", "schedule:%").execute())
    .toEqual([{ status: "done" }]);
  await scheduled.stop();
  const last = await t.db.selectFrom("sync_log").selectAll().orderBy("id", "desc").executeTakeFirstOrThrow();
  expect(last).toMatchObject({
    trigger: "schedule",
    status: "success",
    records_added: 0,
    records_unchanged: 5,
  });
});

it("fails the job clearly when no source is configured", async () => {
  const { handler } = registerSyncJob({ SYNC_STALE_AFTER_MINUTES: 30 });
  await expect(
    handler(
      { trigger: "manual", removeMissing: true },
      { db: t.db, log, job: {} as never, signal: new AbortController().signal },
    ),
  ).rejects.toThrow(/No register source configured/);
});

it("is not scheduled without a configured source, even with a daily time", () => {
  expect(registerSyncJob({ SYNC_STALE_AFTER_MINUTES: 30, SYNC_DAILY_AT: "03:00" }).schedule).toBeUndefined();
  expect(
    registerSyncJob({ REGISTER_SOURCE: fixture, SYNC_STALE_AFTER_MINUTES: 30, SYNC_DAILY_AT: "03:00" })
      .schedule,
  ).toEqual({ name: "register-sync-daily", dailyAt: "03:00" });
});
