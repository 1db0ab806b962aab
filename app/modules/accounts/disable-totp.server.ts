/**
 * Turning two-factor off needs a fresh code from the app (or an unused recovery code). Wrong codes
 * are limited per account (decision 0409), so a session left open or stolen cannot guess its way
 * to switching two-factor off.
 */
import type { Database } from "~/platform/db/database.server";
import { twoFactorChangedEmail } from "~/platform/email/templates.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { beginCheck } from "./account-checks.server";
import { BACKOFFS, limitKeys } from "./limits.server";
import { links } from "./links.server";
import { hashRecoveryCode, looksLikeRecoveryCode, matchTotp } from "./totp.server";

export async function disableTotp(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: { userId: string; code: string; now?: number; sessionToken?: string | null },
): Promise<
  | { status: "disabled" }
  | { status: "invalid-code" }
  | { status: "not-enabled" }
  | { status: "rate-limited"; retryAt: Date }
> {
  const user = await db
    .selectFrom("users")
    .select(["email", "totp_secret", "totp_enabled_at", "totp_last_step", "recovery_codes"])
    .where("id", "=", input.userId)
    .executeTakeFirstOrThrow();
  if (!user.totp_secret || !user.totp_enabled_at) return { status: "not-enabled" };
  const gate = await beginCheck(db, {
    key: limitKeys.accountCode(input.userId),
    policy: BACKOFFS.accountCode,
    sessionToken: input.sessionToken,
    now: new Date(input.now ?? Date.now()),
  });
  if (!gate.allowed) return { status: "rate-limited", retryAt: gate.retryAt };
  const step = matchTotp(user.totp_secret, input.code, user.totp_last_step, input.now);
  const recoveryOk =
    step === null &&
    looksLikeRecoveryCode(input.code) &&
    user.recovery_codes.includes(hashRecoveryCode(input.code));
  await gate.settle(step !== null || recoveryOk);
  if (step === null && !recoveryOk) return { status: "invalid-code" };
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({
        totp_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        recovery_codes: [],
        updated_at: new Date(),
      })
      .where("id", "=", input.userId)
      .execute();
    await queueEmail(trx, twoFactorChangedEmail(user.email, false, links.security(config)));
  });
  return { status: "disabled" };
}
