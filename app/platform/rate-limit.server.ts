/**
 * Rate limits kept in the `rate_limits` table, so that they hold across processes and instances.
 * - `hit`: a fixed window; counts an attempt atomically (one upsert) and says whether it is allowed.
 * - `attempt`: a growing back-off (a few attempts at once, then a cool-down between attempts that
 *   doubles each time), for limits that must slow guessing down without locking anyone out for long.
 * - `remember` / `isRemembered`: a marker with an expiry (e.g. "this e-mail signed in from this
 *   address"), so that a limit can treat known clients differently.
 * Keys are used as given (client addresses included), so callers decide what a key is made of.
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

/** The count under `key` while its row lives (undefined when there is none). Counts nothing. */
async function liveHits(db: Database, key: string, now: Date): Promise<number | undefined> {
  const row = await db
    .selectFrom("rate_limits")
    .select("hits")
    .where("key", "=", key)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row?.hits;
}

/** True when `key` has already used up its window (does not count an attempt). */
export async function isLimited(db: Database, key: string, limit: Limit, now = new Date()): Promise<boolean> {
  const hits = await liveHits(db, key, now);
  return hits !== undefined && hits >= limit.max;
}

/** The count under `key` in its current window (0 when there is none). Counts nothing. */
export async function peek(db: Database, key: string, now = new Date()): Promise<number> {
  return (await liveHits(db, key, now)) ?? 0;
}

/** Gives attempts back, one by default (e.g. a sign-in that succeeded should not count against the IP). */
export async function refund(db: Database, key: string, count = 1): Promise<void> {
  if (count <= 0) return;
  await db
    .updateTable("rate_limits")
    .set((eb) => ({ hits: sql`greatest(${eb.ref("hits")} - ${count}, 0)` }))
    .where("key", "=", key)
    .execute();
}

export async function clearLimit(db: Database, key: string): Promise<void> {
  await db.deleteFrom("rate_limits").where("key", "=", key).execute();
}

export interface Backoff {
  /** Attempts that go ahead at once. */
  free: number;
  /** The cool-down the last free attempt starts; it doubles with each further attempt... */
  baseDelayMs: number;
  /** ...up to this. */
  maxDelayMs: number;
  /** The count is forgotten this long after the last attempt (keep it longer than maxDelayMs). */
  forgetMs: number;
}

export interface AttemptResult {
  allowed: boolean;
  /** Attempts counted, this one included when allowed (failures, if callers refund successes). */
  hits: number;
  /** When a refused attempt may be made again (null when allowed). */
  retryAt: Date | null;
}

/** The cool-down started by the attempt numbered `hits` (0 while attempts are free). */
export function backoffDelayMs(policy: Backoff, hits: number): number {
  if (hits < policy.free) return 0;
  const doublings = Math.min(hits - policy.free, 30);
  return Math.min(policy.baseDelayMs * 2 ** doublings, policy.maxDelayMs);
}

const gateKey = (key: string) => `${key}#wait`;

/**
 * Counts one attempt against `key` under a growing back-off. The first `free` attempts go ahead at
 * once, the last of them starting a cool-down of baseDelayMs; each later attempt goes ahead only
 * once the cool-down is over, and starts the next one, twice as long (up to maxDelayMs).
 * Claiming the cool-down is one conditional upsert, so parallel attempts cannot slip through
 * together: only one of them gets each slot. A refused attempt is not counted. Callers give back
 * the attempts that succeeded with `refund(db, key)`, so the count is of failures.
 */
export async function attempt(
  db: Database,
  key: string,
  policy: Backoff,
  now = new Date(),
): Promise<AttemptResult> {
  const forgetAt = new Date(now.getTime() + policy.forgetMs);
  const counted = await sql<{ hits: number }>`
    INSERT INTO rate_limits AS r (key, hits, window_started_at, expires_at)
    VALUES (${key}, 1, ${now}, ${forgetAt})
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN r.expires_at <= ${now} THEN 1 ELSE r.hits + 1 END,
      window_started_at = CASE WHEN r.expires_at <= ${now} THEN ${now} ELSE r.window_started_at END,
      expires_at = GREATEST(r.expires_at, ${forgetAt})
    RETURNING hits`.execute(db);
  const hits = counted.rows[0]!.hits;
  const delay = backoffDelayMs(policy, hits);
  if (delay === 0) return { allowed: true, hits, retryAt: null };
  const until = new Date(now.getTime() + delay);
  const claimed = await sql<{ expires_at: Date }>`
    INSERT INTO rate_limits AS r (key, hits, window_started_at, expires_at)
    VALUES (${gateKey(key)}, 1, ${now}, ${until})
    ON CONFLICT (key) DO UPDATE SET hits = r.hits + 1, window_started_at = ${now}, expires_at = ${until}
    WHERE r.expires_at <= ${now}
    RETURNING expires_at`.execute(db);
  if (claimed.rows.length > 0) return { allowed: true, hits, retryAt: null };
  await refund(db, key);
  const gate = await db
    .selectFrom("rate_limits")
    .select("expires_at")
    .where("key", "=", gateKey(key))
    .executeTakeFirst();
  const retryAt = gate ? new Date(gate.expires_at) : until;
  return {
    allowed: false,
    hits: hits - 1,
    retryAt: retryAt > now ? retryAt : new Date(now.getTime() + 1000),
  };
}

/** Forgets a back-off's count and cool-down. */
export async function clearBackoff(db: Database, key: string): Promise<void> {
  await db
    .deleteFrom("rate_limits")
    .where("key", "in", [key, gateKey(key)])
    .execute();
}

/** Keeps a marker under `key` until `ttlMs` from now (each call renews it). */
export async function remember(db: Database, key: string, ttlMs: number, now = new Date()): Promise<void> {
  const expires = new Date(now.getTime() + ttlMs);
  await sql`
    INSERT INTO rate_limits AS r (key, hits, window_started_at, expires_at)
    VALUES (${key}, 0, ${now}, ${expires})
    ON CONFLICT (key) DO UPDATE SET expires_at = GREATEST(r.expires_at, ${expires})`.execute(db);
}

/** Whether a marker kept by `remember` is still there. */
export async function isRemembered(db: Database, key: string, now = new Date()): Promise<boolean> {
  return (await liveHits(db, key, now)) !== undefined;
}

export async function pruneRateLimits(db: Database, now = new Date()): Promise<void> {
  await db.deleteFrom("rate_limits").where("expires_at", "<", now).execute();
}
