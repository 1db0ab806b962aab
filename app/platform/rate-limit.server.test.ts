import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/support/test-database";
import {
  attempt,
  backoffDelayMs,
  clearBackoff,
  clearLimit,
  hit,
  isLimited,
  isRemembered,
  peek,
  refund,
  remember,
  type Backoff,
} from "./rate-limit.server";

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
    expect((await hit(t.db, "k3", limit, now)).allowed).toBe(false);
    await refund(t.db, "k3", 3);
    expect(await hit(t.db, "k3", limit, now)).toMatchObject({ allowed: true, hits: 2 });
    await refund(t.db, "k3", 10);
    expect(await hit(t.db, "k3", limit, now)).toMatchObject({ allowed: true, hits: 1 });
    expect(await peek(t.db, "k3", now)).toBe(1);
    await clearLimit(t.db, "k3");
    expect(await isLimited(t.db, "k3", limit, now)).toBe(false);
    expect(await peek(t.db, "k3", now)).toBe(0);
    expect(await peek(t.db, "k4", new Date(now.getTime() + 61_000))).toBe(0);
  });
});

const backoff: Backoff = { free: 3, baseDelayMs: 2_000, maxDelayMs: 10_000, forgetMs: 60_000 };
const at = (start: Date, ms: number) => new Date(start.getTime() + ms);

describe("growing back-off", () => {
  it("lets `free` attempts through at once, then one per cool-down, doubling up to the maximum", async () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((h) => backoffDelayMs(backoff, h))).toEqual([
      0, 0, 0, 2_000, 4_000, 8_000, 10_000,
    ]);
    const t0 = new Date("2026-01-01T00:00:00Z");
    const first = [];
    for (let i = 0; i < 3; i++) first.push(await attempt(t.db, "b1", backoff, t0));
    expect(first.map((r) => r.allowed)).toEqual([true, true, true]);
    // The third started a 2 s cool-down: a fourth attempt now is refused, and not counted.
    const refused = await attempt(t.db, "b1", backoff, at(t0, 1_000));
    expect(refused).toEqual({ allowed: false, hits: 3, retryAt: at(t0, 2_000) });
    expect(await attempt(t.db, "b1", backoff, at(t0, 1_500))).toMatchObject({
      allowed: false,
      retryAt: at(t0, 2_000),
    });
    // After it, one attempt goes ahead and starts a 4 s cool-down; then 8 s; then 10 s (the maximum).
    expect(await attempt(t.db, "b1", backoff, at(t0, 2_000))).toMatchObject({ allowed: true, hits: 4 });
    expect(await attempt(t.db, "b1", backoff, at(t0, 5_999))).toMatchObject({
      allowed: false,
      retryAt: at(t0, 6_000),
    });
    expect(await attempt(t.db, "b1", backoff, at(t0, 6_000))).toMatchObject({ allowed: true, hits: 5 });
    expect(await attempt(t.db, "b1", backoff, at(t0, 6_000))).toMatchObject({
      allowed: false,
      retryAt: at(t0, 14_000),
    });
    expect(await attempt(t.db, "b1", backoff, at(t0, 14_000))).toMatchObject({ allowed: true, hits: 6 });
    expect(await attempt(t.db, "b1", backoff, at(t0, 14_000))).toMatchObject({
      allowed: false,
      retryAt: at(t0, 24_000),
    });
    expect(await attempt(t.db, "b1", backoff, at(t0, 24_000))).toMatchObject({ allowed: true, hits: 7 });
    expect(await attempt(t.db, "b1", backoff, at(t0, 24_001))).toMatchObject({
      allowed: false,
      retryAt: at(t0, 34_000),
    });
  });

  it("forgets the count `forgetMs` after the last attempt, not before", async () => {
    const t0 = new Date("2026-01-02T00:00:00Z");
    for (let i = 0; i < 3; i++) await attempt(t.db, "b2", backoff, at(t0, i * 50_000));
    // 59 s after the last attempt the count is still there (this is the 4th)...
    expect(await attempt(t.db, "b2", backoff, at(t0, 100_000 + 59_000))).toMatchObject({
      allowed: true,
      hits: 4,
    });
    // ...and 60 s after that one it is forgotten: the 1st again.
    expect(await attempt(t.db, "b2", backoff, at(t0, 159_000 + 60_000))).toMatchObject({
      allowed: true,
      hits: 1,
    });
  });

  it("lets only one of many parallel attempts through per cool-down", async () => {
    const t0 = new Date("2026-01-03T00:00:00Z");
    for (let i = 0; i < 3; i++) await attempt(t.db, "b3", backoff, t0);
    const later = at(t0, 3_000);
    const results = await Promise.all(Array.from({ length: 12 }, () => attempt(t.db, "b3", backoff, later)));
    expect(results.filter((r) => r.allowed)).toHaveLength(1);
    // Every refused attempt is told the same time: the cool-down the allowed one started. It is the
    // 4th attempt's 4 s, or longer when, on PostgreSQL, parallel attempts were still counted when the
    // allowed one took the gate (never shorter).
    const refusedAt = new Set(results.filter((r) => !r.allowed).map((r) => r.retryAt!.getTime()));
    expect(refusedAt.size).toBe(1);
    expect([...refusedAt][0]).toBeGreaterThanOrEqual(later.getTime() + 4_000);
  });

  it("refunded successes do not count; clearing forgets count and cool-down", async () => {
    const t0 = new Date("2026-01-04T00:00:00Z");
    for (let i = 0; i < 10; i++) {
      expect((await attempt(t.db, "b4", backoff, t0)).allowed).toBe(true);
      await refund(t.db, "b4");
    }
    for (let i = 0; i < 3; i++) await attempt(t.db, "b4", backoff, t0);
    expect((await attempt(t.db, "b4", backoff, t0)).allowed).toBe(false);
    await clearBackoff(t.db, "b4");
    expect(await attempt(t.db, "b4", backoff, t0)).toMatchObject({ allowed: true, hits: 1 });
  });
});

describe("remembered markers", () => {
  it("last until their time to live, renewed by each call", async () => {
    const t0 = new Date("2026-01-05T00:00:00Z");
    expect(await isRemembered(t.db, "m1", t0)).toBe(false);
    await remember(t.db, "m1", 60_000, t0);
    expect(await isRemembered(t.db, "m1", at(t0, 59_000))).toBe(true);
    await remember(t.db, "m1", 60_000, at(t0, 59_000));
    expect(await isRemembered(t.db, "m1", at(t0, 100_000))).toBe(true);
    expect(await isRemembered(t.db, "m1", at(t0, 119_000))).toBe(false);
    expect(await isRemembered(t.db, "m2", t0)).toBe(false);
  });
});
