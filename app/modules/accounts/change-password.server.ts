/** A signed-in user changes their password: needs the current one; other sessions are signed out. */
import type { Database } from "~/platform/db/database.server";
import { passwordChangedEmail } from "~/platform/email/templates.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { revokeUserSessions } from "~/platform/session.server";
import { links } from "./links.server";
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyPassword } from "./passwords.server";

export async function changePassword(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: { userId: string; currentPassword: string; newPassword: string; sessionToken: string },
): Promise<{ status: "ok"; signedOutOthers: number } | { status: "wrong-password" } | { status: "weak-password" }> {
  if (input.newPassword.length < MIN_PASSWORD_LENGTH || input.newPassword.length > MAX_PASSWORD_LENGTH) {
    return { status: "weak-password" };
  }
  const user = await db.selectFrom("users").select(["id", "email", "password_hash"]).where("id", "=", input.userId).executeTakeFirstOrThrow();
  if (!user.password_hash || !(await verifyPassword(user.password_hash, input.currentPassword))) return { status: "wrong-password" };
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: new Date() }).where("id", "=", user.id).execute();
    const signedOutOthers = await revokeUserSessions(trx, user.id, { exceptToken: input.sessionToken });
    await queueEmail(trx, passwordChangedEmail(user.email, links.login(config), links.requestReset(config)));
    return { status: "ok", signedOutOthers } as const;
  });
}
