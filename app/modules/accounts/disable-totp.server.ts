/**
 * Turning two-factor off needs a fresh code from the app (or an unused recovery code). Wrong codes
 * are limited per account (decision 0409), so a session left open or stolen cannot guess its way
 * to switching two-factor off.
 */
import type { Database } from "~/platform/db/database.server";
import { twoFactorChangedEmail } from "~/platform/email/templates.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import {
  beginTwoFactorChange,
  type TwoFactorChangeInput,
  type TwoFactorChangeRefused,
} from "./account-checks.server";
import { links } from "./links.server";
import { hashRecoveryCode, looksLikeRecoveryCode } from "./totp.server";

export async function disableTotp(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: TwoFactorChangeInput,
): Promise<{ status: "disabled" } | TwoFactorChangeRefused> {
  const check = await beginTwoFactorChange(db, input);
  if (check.status !== "open") return check;
  const { user, step } = check;
  const recoveryOk =
    step === null &&
    looksLikeRecoveryCode(input.code) &&
    user.recovery_codes.includes(hashRecoveryCode(input.code));
  await check.settle(step !== null || recoveryOk);
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
