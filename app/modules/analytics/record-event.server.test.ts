import { afterAll, beforeAll, expect, it } from "vitest";
import { insertRegisterEntry } from "#tests/support/builders";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { ProviderEventRecorder } from "./record-event.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  await insertRegisterEntry(t.db, { registration_number: "CBDU1" });
});
afterAll(async () => {
  await t?.destroy();
});

async function counts(id: string) {
  const rows = await t.db
    .selectFrom("provider_analytics")
    .select(["action_type", (eb) => eb.fn.countAll<number>().as("n")])
    .where("provider_id", "=", id)
    .groupBy("action_type")
    .orderBy("action_type")
    .execute();
  return rows.map((r) => [r.action_type, Number(r.n)]);
}

it("queues views and phone clicks and writes them together, with the time they happened", async () => {
  const recorder = new ProviderEventRecorder(t.db, { maxDelayMs: 60_000 });
  const before = Date.now();
  recorder.record("CBDU1", "view");
  recorder.record("CBDU1", "view");
  recorder.record("CBDU1", "phone_click");
  expect(await counts("CBDU1")).toEqual([]);
  await recorder.flush();
  expect(await counts("CBDU1")).toEqual([
    ["phone_click", 1],
    ["view", 2],
  ]);
  const times = await t.db
    .selectFrom("provider_analytics")
    .select("created_at")
    .where("provider_id", "=", "CBDU1")
    .execute();
  for (const { created_at } of times)
    expect(Math.abs(new Date(created_at).getTime() - before)).toBeLessThan(5_000);
  await t.db.deleteFrom("provider_analytics").execute();
});

it("writes on its own after the delay, and at once when a batch is full", async () => {
  const recorder = new ProviderEventRecorder(t.db, { maxDelayMs: 50, maxBatch: 3 });
  recorder.record("CBDU1", "view");
  await expect.poll(() => counts("CBDU1"), { timeout: 2_000 }).toEqual([["view", 1]]);
  const full = new ProviderEventRecorder(t.db, { maxDelayMs: 60_000, maxBatch: 3 });
  for (let i = 0; i < 3; i++) full.record("CBDU1", "phone_click");
  await expect
    .poll(() => counts("CBDU1"), { timeout: 2_000 })
    .toEqual([
      ["phone_click", 3],
      ["view", 1],
    ]);
  await t.db.deleteFrom("provider_analytics").execute();
});

it("drops an event for an unknown listing without losing the rest of its batch, and reports (never throws) a failure", async () => {
  const recorder = new ProviderEventRecorder(t.db, { maxDelayMs: 60_000 });
  recorder.record("NO-SUCH", "view");
  recorder.record("CBDU1", "view");
  await recorder.flush();
  expect(await counts("CBDU1")).toEqual([["view", 1]]);
  expect(await counts("NO-SUCH")).toEqual([]);

  const errors: unknown[] = [];
  const broken = new ProviderEventRecorder(t.db, {
    maxDelayMs: 60_000,
    onError: (e, lost) => errors.push([e, lost]),
  });
  broken.record("CBDU1", "bogus" as "view");
  await expect(broken.flush()).resolves.toBeUndefined();
  expect(errors).toHaveLength(1);
  expect((errors[0] as [unknown, number])[1]).toBe(1);
});
