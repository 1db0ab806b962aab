/**
 * Single-use, expiring tokens for links sent by e-mail (verifications table). The link carries a
 * random 256-bit token; the table keeps only its SHA-256, so a database leak reveals no live link.
 * Consuming is one conditional UPDATE, so a token can be used once even under concurrent requests.
 */
import type { Expression, ExpressionBuilder, SqlBool } from "kysely";
import type { Database } from "~/platform/db/database.server";
import type { DB } from "~/platform/db/schema";
import { hashToken, newToken } from "~/platform/session.server";

export type Purpose = "confirm_email" | "reset_password" | "invite";

export const TOKEN_TTL_MS: Record<Purpose, number> = {
  confirm_email: 60 * 60 * 1000,
  reset_password: 60 * 60 * 1000,
  invite: 7 * 24 * 60 * 60 * 1000,
};

export interface Verification {
  id: string;
  userId: string;
  email: string;
  purpose: Purpose;
  expiresAt: Date;
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

const VERIFICATION_COLUMNS = ["id", "user_id", "email", "purpose", "expires_at"] as const;

/** The row of this token, unused and unexpired, for one of `purposes`. */
function isLive(eb: ExpressionBuilder<DB, "verifications">, token: string, purposes: Purpose[], now: Date) {
  return eb.and([
    eb("token_hash", "=", hashToken(token)),
    eb("purpose", "in", purposes),
    eb("used_at", "is", null),
    eb("expires_at", ">", now),
  ]);
}

function toVerification(
  row: { id: string; user_id: string; email: string; purpose: Purpose; expires_at: Date } | undefined,
): Verification | null {
  return row
    ? { id: row.id, userId: row.user_id, email: row.email, purpose: row.purpose, expiresAt: row.expires_at }
    : null;
}

/** The user's unused tokens of these purposes (every purpose when none are named) stop working. */
export async function voidTokens(db: Database, userId: string, purposes: Purpose[] = [], now = new Date()) {
  let update = db
    .updateTable("verifications")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("used_at", "is", null);
  if (purposes.length > 0) update = update.where("purpose", "in", purposes);
  await update.execute();
}

/** Issues a new token; earlier unused tokens of the same purpose for the user stop working. */
export async function issueToken(
  db: Database,
  input: { userId: string; email: string; purpose: Purpose; now?: Date; ttlMs?: number },
): Promise<{ token: string; expiresAt: Date }> {
  const now = input.now ?? new Date();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + (input.ttlMs ?? TOKEN_TTL_MS[input.purpose]));
  await voidTokens(db, input.userId, [input.purpose], now);
  await db
    .insertInto("verifications")
    .values({
      token_hash: hashToken(token),
      purpose: input.purpose,
      user_id: input.userId,
      email: input.email,
      expires_at: expiresAt,
      created_at: now,
    })
    .execute();
  return { token, expiresAt };
}

type LiveRow = Parameters<typeof toVerification>[0];
type LiveCheck = (eb: ExpressionBuilder<DB, "verifications">) => Expression<SqlBool>;

/** A look-up by token: null for a missing or malformed token, without asking the database. */
function tokenLookup(find: (db: Database, live: LiveCheck, now: Date) => Promise<LiveRow>) {
  return async (
    db: Database,
    token: string | null | undefined,
    purposes: Purpose[],
    now = new Date(),
  ): Promise<Verification | null> => {
    if (!token || !TOKEN_SHAPE.test(token)) return null;
    return toVerification(await find(db, (eb) => isLive(eb, token, purposes, now), now));
  };
}

/** The live verification for `token`, without using it up. */
export const peekToken = tokenLookup((db, live) =>
  db.selectFrom("verifications").select(VERIFICATION_COLUMNS).where(live).executeTakeFirst(),
);

/** Uses the token up and returns it, or null when it is unknown, used, expired or for another purpose. */
export const consumeToken = tokenLookup((db, live, now) =>
  db
    .updateTable("verifications")
    .set({ used_at: now })
    .where(live)
    .returning(VERIFICATION_COLUMNS)
    .executeTakeFirst(),
);
