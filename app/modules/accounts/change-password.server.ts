/**
 * A signed-in user changes their password: needs the current one; other sessions are signed out,
 * links sent before (reset, invitation) stop working, a two-factor set-up not yet confirmed is
 * dropped (decision 0262) and the addresses it signed in from are no longer known (decision 0270).
 * Wrong current passwords are limited per account (decision 0409), so a session left open or
 * stolen cannot be used to guess the password.
 */
import { voidTokens } from "./tokens.server";
import type { Database } from "~/platform/db/database.server";
import { passwordChangedEmail } from "~/platform/email/templates.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { revokeUserSessions } from "~/platform/session.server";
import { checkCurrentPassword } from "./account-checks.server";
import { cancelTotpEnrolment } from "./enrol-totp.server";
import { links } from "./links.server";
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./passwords.server";
import { forgetKnownAddresses } from "./sign-in.server";
import { forgetSecondFactorFailures } from "./verify-second-factor.server";

export type ChangePasswordResult =
  | { status: "ok"; signedOutOthers: number }
  | { status: "wrong-password" }
  | { status: "weak-password" }
  | { status: "rate-limited"; retryAt: Date };

export async function changePassword(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: { userId: string; currentPassword: string; newPassword: string; sessionToken: string; now?: Date },
): Promise<ChangePasswordResult> {
  if (input.newPassword.length < MIN_PASSWORD_LENGTH || input.newPassword.length > MAX_PASSWORD_LENGTH) {
    return { status: "weak-password" };
  }
  const now = input.now ?? new Date();
  const check = await checkCurrentPassword(db, {
    userId: input.userId,
    password: input.currentPassword,
    sessionToken: input.sessionToken,
    now,
  });
  if (check.status !== "ok") return check;
  const { user } = check;
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: now })
      .where("id", "=", user.id)
      .execute();
    // Links sent before stop working, as when a link sets the password (set-password.server.ts).
    await voidTokens(trx, user.id, ["reset_password", "invite"], now);
    // It may have been started by whoever had this session or the old password.
    await cancelTotpEnrolment(trx, user.id);
    const signedOutOthers = await revokeUserSessions(trx, user.id, { exceptToken: input.sessionToken, now });
    await forgetSecondFactorFailures(trx, user.id);
    await forgetKnownAddresses(trx, user.email);
    await queueEmail(trx, passwordChangedEmail(user.email, links.login(config), links.requestReset(config)));
    return { status: "ok", signedOutOthers } as const;
  });
}
