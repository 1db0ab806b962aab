/**
 * The sign-in challenge: a pending session (password already checked) becomes a full session,
 * under a new token, when a current TOTP code or an unused recovery code is given.
 * Wrong codes are limited per pending sign-in (then it is revoked), and by growing back-offs per
 * account (across fresh password sign-ins) and per client address; at the 5th wrong code counted
 * for the account the owner is e-mailed, at most once an hour (decision 0409).
 */
import type { Database } from "~/platform/db/database.server";
import { secondFactorFailuresEmail } from "~/platform/email/templates.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { attempt, clearBackoff, clearLimit, hit, refund } from "~/platform/rate-limit.server";
import { createSessionRow, hashToken, resolveSession, revokeSessionByToken } from "~/platform/session.server";
import { isAdmin } from "./is-admin.server";
import { BACKOFFS, LIMITS, limitKeys, SECOND_FACTOR_NOTICE_AT } from "./limits.server";
import { links } from "./links.server";
import { rememberAddress } from "./sign-in.server";
import { hashRecoveryCode, looksLikeRecoveryCode, matchTotp } from "./totp.server";
import type { ClientInfo } from "./create-session.server";

export type SecondFactorResult =
  | {
      status: "ok";
      token: string;
      user: { id: string; email: string; isAdmin: boolean };
      usedRecoveryCode: boolean;
    }
  | { status: "invalid-code" }
  | { status: "expired" }
  /** "session": this pending sign-in used its tries and was revoked (sign in again). */
  | { status: "rate-limited"; scope: "session" }
  /** "account" / "address": too many wrong codes lately; the pending sign-in is kept. */
  | { status: "rate-limited"; scope: "account" | "address"; retryAt: Date };

/**
 * Uses up the code: a TOTP step newer than the last one used, or an unused recovery code (then
 * removed). Null when the code is wrong or was used already, here or by a request at the same time.
 */
async function consumeCode(
  db: Database,
  user: { id: string; totp_last_step: number | null; recovery_codes: string[] },
  secret: string,
  code: string,
  now: Date,
): Promise<{ usedRecoveryCode: boolean } | null> {
  const step = matchTotp(secret, code, user.totp_last_step, now.getTime());
  if (step !== null) {
    // Conditional update: two requests with the same code cannot both pass.
    const r = await db
      .updateTable("users")
      .set({ totp_last_step: step })
      .where("id", "=", user.id)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return null;
    return { usedRecoveryCode: false };
  } else if (looksLikeRecoveryCode(code)) {
    const hash = hashRecoveryCode(code);
    if (!user.recovery_codes.includes(hash)) return null;
    const r = await db
      .updateTable("users")
      .set((eb) => ({ recovery_codes: eb.fn("array_remove", [eb.ref("recovery_codes"), eb.val(hash)]) }))
      .where("id", "=", user.id)
      .where((eb) => eb(eb.val(hash), "=", eb.fn.any("recovery_codes")))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return null;
    return { usedRecoveryCode: true };
  } else {
    return null;
  }
}

export async function verifySecondFactor(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: { pendingToken: string | null; code: string; now?: Date } & ClientInfo,
): Promise<SecondFactorResult> {
  const now = input.now ?? new Date();
  if (!input.pendingToken) return { status: "expired" };
  const session = await resolveSession(db, input.pendingToken, now);
  if (!session || session.mfaVerified) return { status: "expired" };
  const sessionKey = limitKeys.secondFactor(hashToken(input.pendingToken));
  const bySession = await hit(db, sessionKey, LIMITS.secondFactor, now);
  if (!bySession.allowed) {
    await revokeSessionByToken(db, input.pendingToken, now);
    return { status: "rate-limited", scope: "session" };
  }
  const ipKey = limitKeys.secondFactorByIp(input.ip);
  const accountKey = limitKeys.secondFactorByAccount(session.userId);
  const byIp = await attempt(db, ipKey, BACKOFFS.secondFactorByIp, now);
  if (!byIp.allowed) {
    await refund(db, sessionKey);
    return { status: "rate-limited", scope: "address", retryAt: byIp.retryAt! };
  }
  const byAccount = await attempt(db, accountKey, BACKOFFS.secondFactorByAccount, now);
  if (!byAccount.allowed) {
    await Promise.all([refund(db, sessionKey), refund(db, ipKey)]);
    return { status: "rate-limited", scope: "account", retryAt: byAccount.retryAt! };
  }
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "totp_secret", "totp_enabled_at", "totp_last_step", "recovery_codes"])
    .where("id", "=", session.userId)
    .executeTakeFirst();
  if (!user?.totp_secret || !user.totp_enabled_at) return { status: "expired" };

  const wrong = async (): Promise<SecondFactorResult> => {
    if (byAccount.hits >= SECOND_FACTOR_NOTICE_AT) {
      const notice = await hit(db, limitKeys.secondFactorNotice(user.id), LIMITS.secondFactorNotice, now);
      if (notice.allowed)
        await queueEmail(
          db,
          secondFactorFailuresEmail(
            user.email,
            byAccount.hits,
            links.requestReset(config),
            links.security(config),
          ),
        );
    }
    return { status: "invalid-code" };
  };

  const used = await consumeCode(db, user, user.totp_secret, input.code, now);
  if (!used) return wrong();
  const { usedRecoveryCode } = used;

  // A right code gives back its own try and the wrong ones typed in this same pending sign-in (the
  // person who typed them has just proved they hold the code); wrong codes from other sign-ins, maybe
  // an attacker's with the password, still count until they are forgotten.
  const forgiven = bySession.hits;
  await Promise.all([
    refund(db, ipKey, forgiven),
    refund(db, accountKey, forgiven),
    revokeSessionByToken(db, input.pendingToken, now),
  ]);
  const full = await createSessionRow(db, {
    userId: user.id,
    mfaVerified: true,
    ip: input.ip,
    userAgent: input.userAgent,
    now,
  });
  await rememberAddress(db, user.email, input.ip, now);
  return {
    status: "ok",
    token: full.token,
    user: { id: user.id, email: user.email, isAdmin: await isAdmin(db, user.email) },
    usedRecoveryCode,
  };
}

/**
 * After a password change: whoever typed the wrong codes needed the old password, so their count
 * (and the e-mail's once-an-hour mark) no longer stands between the owner and their account.
 */
export async function forgetSecondFactorFailures(db: Database, userId: string): Promise<void> {
  await clearBackoff(db, limitKeys.secondFactorByAccount(userId));
  await clearLimit(db, limitKeys.secondFactorNotice(userId));
}
