/**
 * Setting a password from an e-mailed link (reset or invitation). The link's token is checked on
 * arrival (`checkPasswordLink`) and used up here, atomically with the new password. Every session of
 * the user is revoked (the person is then asked to sign in), the e-mail counts as confirmed
 * (they opened a link sent to it), wrong two-step codes typed with the old password stop counting
 * (decision 0409), the addresses it signed in from with the old password are forgotten (decision
 * 0270), a two-factor set-up not yet confirmed is dropped (decision 0262), and a "password changed"
 * notice is sent.
 */
import type { Database } from "~/platform/db/database.server";
import { passwordChangedEmail } from "~/platform/email/templates.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { revokeUserSessions } from "~/platform/session.server";
import { cancelTotpEnrolment } from "./enrol-totp.server";
import { links } from "./links.server";
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./passwords.server";
import { consumeToken, peekToken, type Purpose, type Verification, voidTokens } from "./tokens.server";
import { forgetKnownAddresses } from "./sign-in.server";
import { forgetSecondFactorFailures } from "./verify-second-factor.server";

export function checkPasswordLink(
  db: Database,
  token: string | null,
  purposes: Purpose[],
  now?: Date,
): Promise<Verification | null> {
  return peekToken(db, token, purposes, now);
}

export type SetPasswordResult =
  { status: "ok"; email: string } | { status: "invalid-link" } | { status: "weak-password" };

export async function setPasswordWithToken(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: { token: string | null; purposes: Purpose[]; password: string; now?: Date },
): Promise<SetPasswordResult> {
  if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH)
    return { status: "weak-password" };
  const now = input.now ?? new Date();
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const verification = await consumeToken(trx, input.token, input.purposes, now);
    if (!verification) return { status: "invalid-link" } as const;
    const user = await trx
      .updateTable("users")
      .set((eb) => ({
        password_hash: passwordHash,
        email_confirmed_at: eb.fn.coalesce("email_confirmed_at", eb.val(now)),
        updated_at: now,
      }))
      .where("id", "=", verification.userId)
      .returning(["id", "email"])
      .executeTakeFirst();
    if (!user) return { status: "invalid-link" } as const;
    // Other outstanding links for the account stop working too.
    await voidTokens(trx, user.id, ["reset_password", "invite"], now);
    // A two-factor set-up not yet confirmed may be a stranger's, started with a stolen session.
    await cancelTotpEnrolment(trx, user.id);
    await revokeUserSessions(trx, user.id, { now });
    await forgetSecondFactorFailures(trx, user.id);
    await forgetKnownAddresses(trx, user.email);
    await queueEmail(trx, passwordChangedEmail(user.email, links.login(config), links.requestReset(config)));
    return { status: "ok", email: user.email } as const;
  });
}
