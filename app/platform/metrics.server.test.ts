import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { createLogger } from "./logger.server";
import { testJob, testType } from "#tests/support/jobs";
import { enqueueJob, JobQueue } from "./jobs/queue.server";
import { createMetrics } from "./metrics.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t?.destroy());

it("exposes requests by route and status, the pool, the queue, the last sync and Node's own figures", async () => {
  const metrics = createMetrics({ db: t.db, pool: { totalCount: 4, idleCount: 3, waitingCount: 0 } });
  metrics.observeRequest("routes/public/provider", "GET", 200, 0.012);
  metrics.observeRequest("routes/public/provider", "GET", 404, 0.004);

  const queue = new JobQueue(t.db, createLogger("silent"), {
    onFinished: (type, outcome, s) => metrics.observeJob(type, outcome, s),
  });
  queue.register(testJob("ok", async () => {}));
  queue.register(
    testJob("broken", async () => {
      throw new Error("no");
    }),
  );
  await enqueueJob(t.db, testType("ok"), {});
  await enqueueJob(t.db, testType("broken"), {}, { maxAttempts: 1 });
  await enqueueJob(t.db, testType("later"), {}, { runAt: new Date(Date.now() + 60_000) });
  await queue.drain();
  await t.db
    .insertInto("sync_log")
    .values({
      status: "success",
      trigger: "manual",
      records_added: 7,
      records_removed: 2,
      finished_at: new Date("2026-11-23T03:00:00Z"),
    })
    .execute();

  const { contentType, body } = await metrics.scrape();
  expect(contentType).toMatch(/^text\/plain/);
  expect(body).toContain(
    'http_request_duration_seconds_count{route="routes/public/provider",method="GET",status="200"} 1',
  );
  expect(body).toContain(
    'http_request_duration_seconds_count{route="routes/public/provider",method="GET",status="404"} 1',
  );
  expect(body).toContain('db_pool_connections{state="idle"} 3');
  expect(body).toContain('jobs{status="queued"} 1');
  expect(body).toContain('jobs{status="failed"} 1');
  expect(body).toContain('jobs_finished_total{type="ok",outcome="done"} 1');
  expect(body).toContain('jobs_finished_total{type="broken",outcome="failed"} 1');
  expect(body).toContain(
    `register_sync_last_finished_timestamp_seconds{status="success"} ${Date.parse("2026-11-23T03:00:00Z") / 1000}`,
  );
  expect(body).toContain('register_sync_last_records{kind="added"} 7');
  expect(body).toContain('register_sync_last_records{kind="removed"} 2');
  expect(body).toMatch(/nodejs_eventloop_lag_seconds \d/);
  expect(body).toMatch(/process_resident_memory_bytes \d/);
});
