/**
 * Sessions: the browser holds only a signed, httpOnly, SameSite=Lax cookie with a random token;
 * the `sessions` table holds SHA-256(token), the user, expiry (30 days, rolling, never past 90
 * days from the sign-in: decision 0270) and revocation.
 * The cookie that carries the token is app/web/session-cookie.server.ts.
 * A session whose user has two-factor enabled starts "pending" (mfa_verified = false, 10 minutes)
 * and becomes a full session, under a new token, once the second factor is verified.
 */
import crypto from "node:crypto";
import type { Database } from "./db/database.server";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A full session ends this long after it was last used (rolling). */
export const SESSION_TTL_MS = 30 * DAY_MS;
/**
 * However often it is used, a session ends this long after the sign-in that began it (its
 * `created_at`): a stolen cookie, used every day, still stops working, and its owner signs in
 * again about once a quarter (decision 0270).
 */
export const SESSION_MAX_LIFETIME_MS = 90 * DAY_MS;
/** A pending (password checked, second factor not yet) session lives this long. */
export const PENDING_SESSION_TTL_MS = 10 * 60 * 1000;
/** The expiry is pushed forward at most this often, to avoid a write on every request. */
export const ROLL_INTERVAL_MS = 60 * 60 * 1000;

export function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

// ---- store --------------------------------------------------------------------------------

export interface NewSession {
  userId: string;
  mfaVerified: boolean;
  /** Pending sessions (second factor still to check) are short-lived. */
  pending?: boolean;
  userAgent?: string | null;
  ip?: string | null;
  now?: Date;
}

export async function createSessionRow(
  db: Database,
  s: NewSession,
): Promise<{ token: string; expiresAt: Date }> {
  const now = s.now ?? new Date();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + (s.pending ? PENDING_SESSION_TTL_MS : SESSION_TTL_MS));
  await db
    .insertInto("sessions")
    .values({
      id: hashToken(token),
      user_id: s.userId,
      created_at: now,
      last_seen_at: now,
      expires_at: expiresAt,
      mfa_verified: s.mfaVerified,
      user_agent: s.userAgent?.slice(0, 300) ?? null,
      ip: s.ip ?? null,
    })
    .execute();
  return { token, expiresAt };
}

export interface ResolvedSession {
  id: string;
  userId: string;
  mfaVerified: boolean;
  expiresAt: Date;
  /** True when this lookup pushed the expiry forward (the cookie should be re-sent). */
  rolled: boolean;
}

/** Sessions begun before this moment are past their absolute lifetime at `now`. */
const lifetimeStart = (now: Date) => new Date(now.getTime() - SESSION_MAX_LIFETIME_MS);

/**
 * Finds a live session by its token: not revoked, not expired, begun less than
 * SESSION_MAX_LIFETIME_MS ago. Rolls a full session's expiry forward, never past that lifetime.
 */
export async function resolveSession(
  db: Database,
  token: string,
  now = new Date(),
): Promise<ResolvedSession | null> {
  const id = hashToken(token);
  const row = await db
    .selectFrom("sessions")
    .select(["id", "user_id", "mfa_verified", "expires_at", "last_seen_at", "created_at"])
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now)
    .where("created_at", ">", lifetimeStart(now))
    .executeTakeFirst();
  if (!row) return null;
  let expiresAt = row.expires_at;
  let rolled = false;
  if (row.mfa_verified && now.getTime() - row.last_seen_at.getTime() >= ROLL_INTERVAL_MS) {
    const endOfLife = row.created_at.getTime() + SESSION_MAX_LIFETIME_MS;
    const rolledTo = new Date(Math.min(now.getTime() + SESSION_TTL_MS, endOfLife));
    // Near the end of its lifetime the expiry stays where it is; last_seen_at still moves.
    rolled = rolledTo > row.expires_at;
    if (rolled) expiresAt = rolledTo;
    await db
      .updateTable("sessions")
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where("id", "=", id)
      .execute();
  }
  return { id, userId: row.user_id, mfaVerified: row.mfa_verified, expiresAt, rolled };
}

/**
 * Whether the token's session was a full one (signed in, second factor done where due) and live
 * at `at`: not expired, within its lifetime, and not revoked before then (a request that signs
 * out was still made by a signed-in person). One lookup by primary key; nothing is written.
 */
export async function wasSignedInAt(db: Database, token: string, at: Date): Promise<boolean> {
  const row = await db
    .selectFrom("sessions")
    .select("id")
    .where("id", "=", hashToken(token))
    .where("mfa_verified", "=", true)
    .where((eb) => eb.or([eb("revoked_at", "is", null), eb("revoked_at", ">=", at)]))
    .where("expires_at", ">", at)
    .where("created_at", ">", lifetimeStart(at))
    .executeTakeFirst();
  return row !== undefined;
}

export async function revokeSessionByToken(db: Database, token: string, now = new Date()): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revoked_at: now })
    .where("id", "=", hashToken(token))
    .where("revoked_at", "is", null)
    .execute();
}

/** Revokes every live session of a user, except (optionally) the one with `exceptToken`. */
export async function revokeUserSessions(
  db: Database,
  userId: string,
  options: { exceptToken?: string; now?: Date } = {},
): Promise<number> {
  let q = db
    .updateTable("sessions")
    .set({ revoked_at: options.now ?? new Date() })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null);
  if (options.exceptToken) q = q.where("id", "<>", hashToken(options.exceptToken));
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes sessions that expired or were revoked more than a day ago. */
export async function pruneSessions(db: Database, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires_at", "<", dayAgo), eb("revoked_at", "<", dayAgo)]))
    .execute();
}
