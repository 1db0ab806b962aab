/**
 * Administrator bootstrap, shared by `npm run create-admin` and the embedded demo's first run:
 * the user (created if needed) and their e-mail in admin_emails.
 */
import { voidTokens } from "./tokens.server";
import crypto from "node:crypto";
import type { Database } from "~/platform/db/database.server";
import type { Config } from "~/platform/env.server";
import { adminCount } from "./is-admin.server";
import { createInvitation, forgetUnconfirmedPassword, type Invitation } from "./create-invitation.server";
import { isEmailAddress, normaliseEmail } from "~/platform/email-address";
import { hashPassword } from "./passwords.server";

/**
 * Makes `email` an administrator and returns a one-time set-password link (7 days). An account
 * whose address was never confirmed loses the password it was signed up with (anyone may have
 * chosen it, decision 0262): the link is its way in, and `hadPassword` is then false.
 */
export async function createAdmin(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: { email: string },
): Promise<Invitation & { wasAdmin: boolean }> {
  const email = normaliseEmail(input.email);
  if (!isEmailAddress(email)) throw new Error(`Not an e-mail address: ${input.email}`);
  return db.transaction().execute(async (trx) => {
    const invitation = await createInvitation(trx, config, { email });
    if (invitation.hadPassword && !invitation.confirmed) {
      await forgetUnconfirmedPassword(trx, invitation.userId);
      invitation.hadPassword = false;
    }
    const added = await trx
      .insertInto("admin_emails")
      .values({ email })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("email")
      .executeTakeFirst();
    return { ...invitation, wasAdmin: !added };
  });
}

/**
 * First run of the embedded demo: when there is no administrator yet, creates one with a random
 * password (e-mail confirmed) and returns the credentials to print once. Null when one exists.
 */
export async function createDemoAdmin(
  db: Database,
  config: Pick<Config, "publicUrl">,
  email = "admin@wastecarrierdirectory.local",
): Promise<{ email: string; password: string } | null> {
  if ((await adminCount(db)) > 0) return null;
  const admin = await createAdmin(db, config, { email });
  const password = crypto.randomBytes(12).toString("base64url");
  await db
    .updateTable("users")
    .set({
      password_hash: await hashPassword(password),
      email_confirmed_at: new Date(),
      updated_at: new Date(),
    })
    .where("id", "=", admin.userId)
    .execute();
  // The printed password replaces the link: the invite token is not needed.
  await voidTokens(db, admin.userId);
  return { email: admin.email, password };
}
