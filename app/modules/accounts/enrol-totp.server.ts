/**
 * Two-factor enrolment (decisions 0405, 0262): `startTotpEnrolment` keeps a new secret on the user
 * (not yet enabled) each time it is called and returns the otpauth URI to show as a QR code and the
 * key for manual entry, to that request only; `confirmTotpEnrolment` enables it once the current
 * password and a code from the app match the key that was shown, signs out every other session,
 * and returns recovery codes to show once.
 */
import type { Database } from "~/platform/db/database.server";
import { hashToken, revokeUserSessions } from "~/platform/session.server";
import { twoFactorChangedEmail } from "~/platform/email/templates.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { checkCurrentPassword, type CurrentPasswordRefused } from "./account-checks.server";
import { links } from "./links.server";
import { matchTotp, newRecoveryCodes, newTotpSecret, totpFor } from "./totp.server";

export interface TotpSetup {
  secret: string;
  uri: string;
}

/**
 * A new secret, replacing any set-up not yet confirmed (whoever started that one, and whatever
 * they copied, it no longer counts); null when two-factor is already on.
 */
export async function startTotpEnrolment(db: Database, userId: string): Promise<TotpSetup | null> {
  const secret = newTotpSecret();
  const user = await db
    .updateTable("users")
    .set({ totp_secret: secret, updated_at: new Date() })
    .where("id", "=", userId)
    .where("totp_enabled_at", "is", null)
    .returning("email")
    .executeTakeFirst();
  return user ? { secret, uri: totpFor(secret, user.email).toString() } : null;
}

export type ConfirmTotpResult =
  | { status: "enabled"; recoveryCodes: string[] }
  | { status: "invalid-code" }
  /** No set-up, or not the one whose key was shown (cancelled, or replaced by a newer one). */
  | { status: "not-started" }
  | CurrentPasswordRefused;

export async function confirmTotpEnrolment(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: {
    userId: string;
    /** The key the set-up showed (the form sends it back). */
    secret: string;
    code: string;
    currentPassword: string;
    sessionToken: string;
    now?: number;
  },
): Promise<ConfirmTotpResult> {
  const user = await db
    .selectFrom("users")
    .select(["email", "totp_secret", "totp_enabled_at", "totp_last_step"])
    .where("id", "=", input.userId)
    .executeTakeFirstOrThrow();
  if (!user.totp_secret || user.totp_enabled_at || user.totp_secret !== input.secret)
    return { status: "not-started" };
  // The password first: a session alone (left open, or stolen) cannot turn two-factor on.
  const password = await checkCurrentPassword(db, {
    userId: input.userId,
    password: input.currentPassword,
    sessionToken: input.sessionToken,
    now: new Date(input.now ?? Date.now()),
  });
  if (password.status !== "ok") return password;
  const step = matchTotp(user.totp_secret, input.code, user.totp_last_step, input.now);
  if (step === null) return { status: "invalid-code" };
  const { codes, hashes } = newRecoveryCodes();
  const enabled = await db.transaction().execute(async (trx) => {
    // Only the set-up that was shown, and only once.
    const row = await trx
      .updateTable("users")
      .set({
        totp_enabled_at: new Date(),
        totp_last_step: step,
        recovery_codes: hashes,
        updated_at: new Date(),
      })
      .where("id", "=", input.userId)
      .where("totp_secret", "=", input.secret)
      .where("totp_enabled_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    // The session that enrolled has just proved the second factor; no other has. Every other
    // session ends: one that was there before (a stranger's, perhaps) must sign in again, with a code.
    await trx
      .updateTable("sessions")
      .set({ mfa_verified: true })
      .where("id", "=", hashToken(input.sessionToken))
      .where("user_id", "=", input.userId)
      .where("revoked_at", "is", null)
      .execute();
    await revokeUserSessions(trx, input.userId, { exceptToken: input.sessionToken });
    await queueEmail(trx, twoFactorChangedEmail(user.email, true, links.security(config)));
    return true;
  });
  return enabled ? { status: "enabled", recoveryCodes: codes } : { status: "not-started" };
}

/**
 * The set-up in progress whose key is `secret`, or null: shown again only to whoever sends its key
 * back (the confirm form, after a wrong code or password), never to a request that merely opens
 * the page (decision 0262).
 */
export async function shownTotpSetup(
  db: Database,
  userId: string,
  secret: string,
): Promise<TotpSetup | null> {
  const user = await db
    .selectFrom("users")
    .select(["email", "totp_secret", "totp_enabled_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user?.totp_secret || user.totp_enabled_at || user.totp_secret !== secret) return null;
  return { secret: user.totp_secret, uri: totpFor(user.totp_secret, user.email).toString() };
}

/** Abandons an enrolment in progress (also when the password changes). */
export async function cancelTotpEnrolment(db: Database, userId: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ totp_secret: null })
    .where("id", "=", userId)
    .where("totp_enabled_at", "is", null)
    .execute();
}
