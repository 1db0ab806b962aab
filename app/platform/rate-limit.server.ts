/**
 * Fixed-window rate limits kept in the `rate_limits` table, so that they hold across processes
 * and instances. `hit` counts an attempt atomically (one upsert) and says whether it is allowed.
 */
import { sql } from "kysely";
import type { Database } from "./db/database.server";

export interface Limit {
  /** Attempts allowed per window. */
  max: number;
  windowMs: number;
}

export interface HitResult {
  allowed: boolean;
  hits: number;
  /** When the current window ends. */
  resetAt: Date;
}

/** Counts one attempt against `key`; allowed while the count within the window is at most `max`. */
export async function hit(db: Database, key: string, limit: Limit, now = new Date()): Promise<HitResult> {
  const expires = new Date(now.getTime() + limit.windowMs);
  const row = await sql<{ hits: number; expires_at: Date }>`
    INSERT INTO rate_limits AS r (key, hits, window_started_at, expires_at)
    VALUES (${key}, 1, ${now}, ${expires})
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.expires_at <= ${now} THEN 1 ELSE r.hits + 1 END,
      window_started_at = CASE WHEN r.expires_at <= ${now} THEN ${now} ELSE r.window_started_at END,
      expires_at = CASE WHEN r.expires_at <= ${now} THEN ${expires} ELSE r.expires_at END
    RETURNING hits, expires_at`.execute(db);
  const { hits, expires_at } = row.rows[0]!;
  return { allowed: hits <= limit.max, hits, resetAt: new Date(expires_at) };
}

/** True when `key` has already used up its window (does not count an attempt). */
export async function isLimited(db: Database, key: string, limit: Limit, now = new Date()): Promise<boolean> {
  const row = await db
    .selectFrom("rate_limits")
    .select("hits")
    .where("key", "=", key)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return !!row && row.hits >= limit.max;
}

/** Gives one attempt back (e.g. a sign-in that succeeded should not count against the IP). */
export async function refund(db: Database, key: string): Promise<void> {
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ hits: sql`greatest(${eb.ref("hits")} - 1, 0)` }))
    .where("key", "=", key)
    .execute();
}

export async function clearLimit(db: Database, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

export async function pruneRateLimits(db: Database, now = new Date()): Promise<void> {
  await db.deleteFrom("rate_limits").where("expires_at", "<", now).execute();
}
