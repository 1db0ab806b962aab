/**
 * Two-factor enrolment: `startTotpEnrolment` keeps a new secret on the user (not yet enabled) and
 * returns the otpauth URI to show as a QR code and the key for manual entry; `confirmTotpEnrolment`
 * enables it once a code from the app matches, and returns recovery codes to show once.
 */
import type { Database } from "~/platform/db/database.server";
import { hashToken } from "~/platform/session.server";
import { twoFactorChangedEmail } from "~/platform/email/templates.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { links } from "./links.server";
import { matchTotp, newRecoveryCodes, newTotpSecret, totpFor } from "./totp.server";

export interface TotpSetup {
  secret: string;
  uri: string;
}

/** The pending secret (creating one if needed); null when two-factor is already on. */
export async function startTotpEnrolment(db: Database, userId: string): Promise<TotpSetup | null> {
  const user = await db
    .selectFrom("users")
    .select(["email", "totp_secret", "totp_enabled_at"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();
  if (user.totp_enabled_at) return null;
  let secret = user.totp_secret;
  if (!secret) {
    secret = newTotpSecret();
    await db
      .updateTable("users")
      .set({ totp_secret: secret, updated_at: new Date() })
      .where("id", "=", userId)
      .execute();
  }
  return { secret, uri: totpFor(secret, user.email).toString() };
}

export type ConfirmTotpResult =
  { status: "enabled"; recoveryCodes: string[] } | { status: "invalid-code" } | { status: "not-started" };

export async function confirmTotpEnrolment(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: { userId: string; code: string; sessionToken: string; now?: number },
): Promise<ConfirmTotpResult> {
  const user = await db
    .selectFrom("users")
    .select(["email", "totp_secret", "totp_enabled_at", "totp_last_step"])
    .where("id", "=", input.userId)
    .executeTakeFirstOrThrow();
  if (!user.totp_secret || user.totp_enabled_at) return { status: "not-started" };
  const step = matchTotp(user.totp_secret, input.code, user.totp_last_step, input.now);
  if (step === null) return { status: "invalid-code" };
  const { codes, hashes } = newRecoveryCodes();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({
        totp_enabled_at: new Date(),
        totp_last_step: step,
        recovery_codes: hashes,
        updated_at: new Date(),
      })
      .where("id", "=", input.userId)
      .execute();
    // The session that enrolled has just proved the second factor; no other has. A sign-in left
    // at its code step (when two-factor was on before) stays pending, and needs a code.
    await trx
      .updateTable("sessions")
      .set({ mfa_verified: true })
      .where("id", "=", hashToken(input.sessionToken))
      .where("user_id", "=", input.userId)
      .where("revoked_at", "is", null)
      .execute();
    await queueEmail(trx, twoFactorChangedEmail(user.email, true, links.security(config)));
  });
  return { status: "enabled", recoveryCodes: codes };
}

/** The enrolment in progress (secret kept, not yet confirmed), without changing anything. */
export async function pendingTotpSetup(db: Database, userId: string): Promise<TotpSetup | null> {
  const user = await db
    .selectFrom("users")
    .select(["email", "totp_secret", "totp_enabled_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user?.totp_secret || user.totp_enabled_at) return null;
  return { secret: user.totp_secret, uri: totpFor(user.totp_secret, user.email).toString() };
}

/** Abandons an enrolment in progress. */
export async function cancelTotpEnrolment(db: Database, userId: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ totp_secret: null })
    .where("id", "=", userId)
    .where("totp_enabled_at", "is", null)
    .execute();
}
