/**
 * The account page's secret checks (the current password, two-factor codes) under a per-account
 * back-off (decision 0409). Wrong answers count for the account whichever session typed them; a
 * right answer gives back its own try and the wrong ones typed in the same session (that person
 * has just proved they know the secret), never those typed in another session, which may be an
 * attacker's. The counts are forgotten an hour after the last try.
 */
import type { Database } from "~/platform/db/database.server";
import { attempt, clearLimit, hit, peek, refund, type Backoff } from "~/platform/rate-limit.server";
import { hashToken } from "~/platform/session.server";
import { BACKOFFS, limitKeys } from "./limits.server";
import { verifyPassword } from "./passwords.server";
import { matchTotp } from "./totp.server";

export type CheckGate =
  { allowed: false; retryAt: Date } | { allowed: true; settle: (ok: boolean) => Promise<void> };

export async function beginCheck(
  db: Database,
  input: { key: string; policy: Backoff; sessionToken?: string | null; now: Date },
): Promise<CheckGate> {
  const { key, policy, now } = input;
  const r = await attempt(db, key, policy, now);
  if (!r.allowed) return { allowed: false, retryAt: r.retryAt! };
  const sessionKey = input.sessionToken ? `${key}@${hashToken(input.sessionToken)}` : null;
  return {
    allowed: true,
    settle: async (ok) => {
      if (!ok) {
        if (sessionKey)
          await hit(db, sessionKey, { max: Number.MAX_SAFE_INTEGER, windowMs: policy.forgetMs }, now);
        return;
      }
      const sameSession = sessionKey ? await peek(db, sessionKey, now) : 0;
      await refund(db, key, 1 + sameSession);
      if (sessionKey) await clearLimit(db, sessionKey);
    },
  };
}

/** Why the current password typed on the account page was not accepted. */
export type CurrentPasswordRefused = { status: "wrong-password" } | { status: "rate-limited"; retryAt: Date };

/**
 * The current password typed on the account page (to change it, to turn two-factor on), under the
 * per-account back-off: a session left open or stolen cannot be used to guess it.
 */
export async function checkCurrentPassword(
  db: Database,
  input: { userId: string; password: string; sessionToken?: string | null; now: Date },
): Promise<{ status: "ok"; user: { id: string; email: string } } | CurrentPasswordRefused> {
  const gate = await beginCheck(db, {
    key: limitKeys.currentPassword(input.userId),
    policy: BACKOFFS.currentPassword,
    sessionToken: input.sessionToken,
    now: input.now,
  });
  if (!gate.allowed) return { status: "rate-limited", retryAt: gate.retryAt };
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "password_hash"])
    .where("id", "=", input.userId)
    .executeTakeFirstOrThrow();
  const ok = !!user.password_hash && (await verifyPassword(user.password_hash, input.password));
  await gate.settle(ok);
  return ok ? { status: "ok", user: { id: user.id, email: user.email } } : { status: "wrong-password" };
}

/** A code typed on the account page to change two-factor (turn it off, new recovery codes). */
export interface TwoFactorChangeInput {
  userId: string;
  code: string;
  now?: number;
  sessionToken?: string | null;
}

/** Why a change of two-factor did not happen. */
export type TwoFactorChangeRefused =
  { status: "invalid-code" } | { status: "not-enabled" } | { status: "rate-limited"; retryAt: Date };

/**
 * The start of a two-factor change: the user's two-factor state, the time step the code matches
 * in the app (null: no match), and the per-account gate on codes opened for this try.
 */
export async function beginTwoFactorChange(db: Database, input: TwoFactorChangeInput) {
  const user = await db
    .selectFrom("users")
    .select(["email", "totp_secret", "totp_enabled_at", "totp_last_step", "recovery_codes"])
    .where("id", "=", input.userId)
    .executeTakeFirstOrThrow();
  const secret = user.totp_secret;
  if (!secret || !user.totp_enabled_at) return { status: "not-enabled" as const };
  const gate = await beginCheck(db, {
    key: limitKeys.accountCode(input.userId),
    policy: BACKOFFS.accountCode,
    sessionToken: input.sessionToken,
    now: new Date(input.now ?? Date.now()),
  });
  if (!gate.allowed) return { status: "rate-limited" as const, retryAt: gate.retryAt };
  const step = matchTotp(secret, input.code, user.totp_last_step, input.now);
  return { status: "open" as const, user: { ...user, totp_secret: secret }, step, settle: gate.settle };
}
