/**
 * Sign-in with e-mail and password. Rate-limited (kept in the database; decisions 0403, 0409) per
 * client IP, per e-mail *and* address pair (so strangers cannot lock the owner out from their own
 * address), and by a slower per-e-mail back-off for addresses the account has not signed in from
 * (so guessing spread over many addresses stays bounded). Unknown e-mails and accounts without a
 * password take the same time, and the same limits, as a wrong password.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { likePrefix } from "~/platform/db/like";
import type { Config } from "~/platform/env.server";
import { attempt, clearLimit, hit, isRemembered, refund, remember } from "~/platform/rate-limit.server";
import { createSession, type ClientInfo } from "./create-session.server";
import { BACKOFFS, KNOWN_ADDRESS_KEY_PREFIX, KNOWN_ADDRESS_TTL_MS, LIMITS, limitKeys } from "./limits.server";
import { normaliseEmail } from "~/platform/email-address";
import { verifyAgainstDummy, verifyPassword } from "./passwords.server";
import { sendConfirmation } from "./send-confirmation.server";
import { isAdmin } from "./is-admin.server";

export type SignInResult =
  | { status: "ok"; token: string; user: { id: string; email: string; isAdmin: boolean } }
  | { status: "second-factor"; token: string }
  | { status: "invalid-credentials" }
  /**
   * The e-mail is not confirmed yet. `newLink`: a new confirmation link was just sent (earlier ones
   * stop working); otherwise one was sent within the resend window and stays the one to use until
   * `retryAt`, when signing in again sends another.
   */
  | { status: "unconfirmed"; newLink: true }
  | { status: "unconfirmed"; newLink: false; retryAt: Date }
  /**
   * "address": too many failures from this address (for this e-mail, or at all);
   * "account": this e-mail is being guessed from many addresses, so attempts are slowed down.
   */
  | { status: "rate-limited"; scope: "address" | "account"; retryAt: Date };

export async function signIn(
  db: Database,
  config: Pick<Config, "publicUrl" | "EMAIL_CONFIRMATION">,
  input: { email: string; password: string; now?: Date } & ClientInfo,
): Promise<SignInResult> {
  const now = input.now ?? new Date();
  const email = normaliseEmail(input.email);
  const ipKey = limitKeys.signInByIp(input.ip);
  const pairKey = limitKeys.signInByPair(email, input.ip);
  // Count first, so that parallel guesses cannot slip past the limit.
  const [byIp, byPair] = await Promise.all([
    hit(db, ipKey, LIMITS.signInByIp, now),
    hit(db, pairKey, LIMITS.signInByPair, now),
  ]);
  if (!byIp.allowed || !byPair.allowed) {
    const retryAt = new Date(
      Math.max(...[byIp, byPair].filter((r) => !r.allowed).map((r) => r.resetAt.getTime())),
    );
    return { status: "rate-limited", scope: "address", retryAt };
  }

  // The per-e-mail back-off does not apply where this e-mail has signed in before: the owner keeps
  // signing in from home or the office while strangers elsewhere are slowed down.
  const accountKey = limitKeys.signInByAccount(email);
  const known = await isKnownAddress(db, email, input.ip, now);
  if (!known) {
    const byAccount = await attempt(db, accountKey, BACKOFFS.signInByAccount, now);
    if (!byAccount.allowed) {
      // Nothing was checked: this try does not count against the address.
      await Promise.all([refund(db, ipKey), refund(db, pairKey)]);
      return { status: "rate-limited", scope: "account", retryAt: byAccount.retryAt! };
    }
  }

  const user = await db
    .selectFrom("users")
    .select(["id", "email", "password_hash", "email_confirmed_at", "totp_enabled_at"])
    .where("email", "=", email)
    .executeTakeFirst();
  const ok = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) return { status: "invalid-credentials" };

  // A success is not a failure: given back, never used to wipe other addresses' failures.
  await Promise.all([refund(db, ipKey), clearLimit(db, pairKey), known ? null : refund(db, accountKey)]);

  if (config.EMAIL_CONFIRMATION && !user.email_confirmed_at) {
    // Send a fresh link, at most once per window, so a lost e-mail is not a dead end. Issuing it
    // voids the earlier ones, so the answer says which link to use (issue 14, item 16).
    const resend = await hit(db, limitKeys.resendConfirmation(email), LIMITS.resendConfirmation, now);
    if (!resend.allowed) return { status: "unconfirmed", newLink: false, retryAt: resend.resetAt };
    await sendConfirmation(db, config, user);
    return { status: "unconfirmed", newLink: true };
  }
  const secondFactorDue = user.totp_enabled_at !== null;
  const session = await createSession(db, {
    userId: user.id,
    secondFactorDue,
    ip: input.ip,
    userAgent: input.userAgent,
    now,
  });
  if (secondFactorDue) return { status: "second-factor", token: session.token };
  await rememberAddress(db, user.email, input.ip, now);
  return {
    status: "ok",
    token: session.token,
    user: { id: user.id, email: user.email, isAdmin: await isAdmin(db, user.email) },
  };
}

const usable = (ip: string | null | undefined): ip is string => !!ip && ip !== "unknown";

/** A full sign-in from this address: the per-e-mail back-off will not slow it down (30 days). */
export async function rememberAddress(
  db: Database,
  email: string,
  ip: string | null | undefined,
  now = new Date(),
): Promise<void> {
  if (usable(ip)) await remember(db, limitKeys.knownAddress(email, ip), KNOWN_ADDRESS_TTL_MS, now);
}

/**
 * Forgets every address this e-mail has signed in from (decision 0270): after its password is reset
 * or changed, an address that signed in with the old one (perhaps a stranger's who had it) is no
 * longer spared the per-e-mail back-off. The owner's own addresses count again at their next sign-in.
 */
export async function forgetKnownAddresses(db: Database, email: string): Promise<void> {
  await db
    .deleteFrom("rate_limits")
    .where("key", "like", likePrefix(KNOWN_ADDRESS_KEY_PREFIX))
    // An address never contains "|", so the e-mail is all that follows the first one.
    .where(sql<string>`substr(key, strpos(key, '|') + 1)`, "=", email)
    .execute();
}

function isKnownAddress(
  db: Database,
  email: string,
  ip: string | null | undefined,
  now: Date,
): Promise<boolean> {
  return usable(ip) ? isRemembered(db, limitKeys.knownAddress(email, ip), now) : Promise.resolve(false);
}
