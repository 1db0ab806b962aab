/**
 * Sign-in with e-mail and password. Rate-limited by e-mail and by client IP (kept in the database);
 * unknown e-mails and accounts without a password take the same time as a wrong password.
 */
import type { Database } from "~/platform/db/database.server";
import type { Config } from "~/platform/env.server";
import { clearLimit, hit, refund } from "~/platform/rate-limit.server";
import { createSession, type ClientInfo } from "./create-session.server";
import { LIMITS } from "./limits.server";
import { normalizeEmail } from "./normalize-email";
import { verifyAgainstDummy, verifyPassword } from "./passwords.server";
import { sendConfirmation } from "./send-confirmation.server";
import { isAdmin } from "./is-admin.server";

export type SignInResult =
  | { status: "ok"; token: string; user: { id: string; email: string; isAdmin: boolean } }
  | { status: "second-factor"; token: string }
  | { status: "invalid-credentials" }
  | { status: "unconfirmed" }
  | { status: "rate-limited" };

export async function signIn(
  db: Database,
  config: Pick<Config, "publicUrl" | "EMAIL_CONFIRMATION">,
  input: { email: string; password: string; now?: Date } & ClientInfo,
): Promise<SignInResult> {
  const email = normalizeEmail(input.email);
  const ipKey = `signin:ip:${input.ip ?? "unknown"}`;
  const emailKey = `signin:email:${email}`;
  // Count first, so that parallel guesses cannot slip past the limit.
  const [byIp, byEmail] = await Promise.all([
    hit(db, ipKey, LIMITS.signInByIp, input.now),
    hit(db, emailKey, LIMITS.signInByEmail, input.now),
  ]);
  if (!byIp.allowed || !byEmail.allowed) return { status: "rate-limited" };

  const user = await db
    .selectFrom("users")
    .select(["id", "email", "password_hash", "email_confirmed_at", "totp_enabled_at"])
    .where("email", "=", email)
    .executeTakeFirst();
  const ok = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) return { status: "invalid-credentials" };

  await Promise.all([refund(db, ipKey), clearLimit(db, emailKey)]);

  if (config.EMAIL_CONFIRMATION && !user.email_confirmed_at) {
    // Send a fresh link, at most once per window, so a lost e-mail is not a dead end.
    const resend = await hit(db, `confirm:resend:${email}`, LIMITS.resendConfirmation, input.now);
    if (resend.allowed) await sendConfirmation(db, config, user);
    return { status: "unconfirmed" };
  }
  const secondFactorDue = user.totp_enabled_at !== null;
  const session = await createSession(db, { userId: user.id, secondFactorDue, ip: input.ip, userAgent: input.userAgent, now: input.now });
  if (secondFactorDue) return { status: "second-factor", token: session.token };
  return { status: "ok", token: session.token, user: { id: user.id, email: user.email, isAdmin: await isAdmin(db, user.email) } };
}
