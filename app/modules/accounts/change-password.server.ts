/**
 * A signed-in user changes their password: needs the current one; other sessions are signed out.
 * Wrong current passwords are limited per account (decision 0409), so a session left open or stolen
 * cannot be used to guess the password.
 */
import type { Database } from "~/platform/db/database.server";
import { passwordChangedEmail } from "~/platform/email/templates.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { revokeUserSessions } from "~/platform/session.server";
import { beginCheck } from "./account-checks.server";
import { BACKOFFS, limitKeys } from "./limits.server";
import { links } from "./links.server";
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyPassword } from "./passwords.server";
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
  const gate = await beginCheck(db, {
    key: limitKeys.currentPassword(input.userId),
    policy: BACKOFFS.currentPassword,
    sessionToken: input.sessionToken,
    now,
  });
  if (!gate.allowed) return { status: "rate-limited", retryAt: gate.retryAt };
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "password_hash"])
    .where("id", "=", input.userId)
    .executeTakeFirstOrThrow();
  const ok = !!user.password_hash && (await verifyPassword(user.password_hash, input.currentPassword));
  await gate.settle(ok);
  if (!ok) return { status: "wrong-password" };
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    await trx
      .updateTable("users")
      .set({ password_hash: passwordHash, updated_at: now })
      .where("id", "=", user.id)
      .execute();
    const signedOutOthers = await revokeUserSessions(trx, user.id, { exceptToken: input.sessionToken, now });
    await forgetSecondFactorFailures(trx, user.id);
    await queueEmail(trx, passwordChangedEmail(user.email, links.login(config), links.requestReset(config)));
    return { status: "ok", signedOutOthers } as const;
  });
}
