import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import { clearLimit, hit, isLimited, refund } from "./rate-limit.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

const limit = { max: 3, windowMs: 60_000 };

describe("rate limits", () => {
  it("allow up to max hits per window, then refuse until the window ends", async () => {
    const now = new Date("2026-01-01T00:00:00Z");
    const results = [];
    for (let i = 0; i < 5; i++) results.push((await hit(t.db, "k1", limit, now)).allowed);
    expect(results).toEqual([true, true, true, false, false]);
    expect(await isLimited(t.db, "k1", limit, now)).toBe(true);
    const later = new Date(now.getTime() + 61_000);
    expect(await hit(t.db, "k1", limit, later)).toMatchObject({ allowed: true, hits: 1 });
  });

  it("count concurrent hits exactly", async () => {
    const now = new Date();
    const results = await Promise.all(Array.from({ length: 10 }, () => hit(t.db, "k2", limit, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(Math.max(...results.map((r) => r.hits))).toBe(10);
  });

  it("keys are independent; refund and clear give attempts back", async () => {
    const now = new Date();
    for (let i = 0; i < 3; i++) await hit(t.db, "k3", limit, now);
    expect((await hit(t.db, "k4", limit, now)).allowed).toBe(true);
    await refund(t.db, "k3");
    expect((await hit(t.db, "k3", limit, now)).allowed).toBe(true);
    await clearLimit(t.db, "k3");
    expect(await isLimited(t.db, "k3", limit, now)).toBe(false);
  });
});
