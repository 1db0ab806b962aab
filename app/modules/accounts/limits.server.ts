/**
 * The accounts area's rate limits (kept in the database: see platform/rate-limit.server.ts) and the
 * keys they are counted under. Client addresses are used as given by the request context.
 * Decisions 0403 and 0409.
 */
import type { Backoff, Limit } from "~/platform/rate-limit.server";

const SEC = 1000;
const MIN = 60 * SEC;

export const LIMITS = {
  /** Failed sign-ins for one e-mail from one client address (cleared on success). */
  signInByPair: { max: 5, windowMs: 15 * MIN },
  /** Failed sign-ins per client IP (successful ones are given back). */
  signInByIp: { max: 30, windowMs: 15 * MIN },
  /** Second-factor attempts per pending sign-in (then it is revoked). */
  secondFactor: { max: 5, windowMs: 10 * MIN },
  /** The "wrong two-step codes" e-mail: at most one per account an hour. */
  secondFactorNotice: { max: 1, windowMs: 60 * MIN },
  /** Reset requests per IP (beyond it the page says so). */
  resetByIp: { max: 10, windowMs: 60 * MIN },
  /** Reset e-mails per address (beyond it nothing is sent, and the page looks the same). */
  resetByEmail: { max: 3, windowMs: 60 * MIN },
  /** Sign-ups per IP. */
  signUpByIp: { max: 5, windowMs: 60 * MIN },
  /** Confirmation e-mails re-sent per address on unconfirmed sign-in attempts. */
  resendConfirmation: { max: 1, windowMs: 10 * MIN },
} satisfies Record<string, Limit>;

export const BACKOFFS = {
  /**
   * Failed sign-ins for one e-mail from all addresses it has not signed in from: bounds guessing
   * spread over many addresses (about 50 + 60 an hour) while the owner, at worst, waits a minute.
   */
  signInByAccount: { free: 50, baseDelayMs: 2 * SEC, maxDelayMs: 60 * SEC, forgetMs: 60 * MIN },
  /** Wrong second-factor codes per account, across pending sign-ins. */
  secondFactorByAccount: { free: 10, baseDelayMs: MIN, maxDelayMs: 15 * MIN, forgetMs: 60 * MIN },
  /** Wrong second-factor codes per client address, across accounts. */
  secondFactorByIp: { free: 20, baseDelayMs: MIN, maxDelayMs: 15 * MIN, forgetMs: 60 * MIN },
  /** Wrong current passwords on the account page (changing the password), per account. */
  currentPassword: { free: 5, baseDelayMs: MIN, maxDelayMs: 15 * MIN, forgetMs: 60 * MIN },
  /** Wrong codes on the account page (turning two-factor off, new recovery codes), per account. */
  accountCode: { free: 5, baseDelayMs: MIN, maxDelayMs: 15 * MIN, forgetMs: 60 * MIN },
} satisfies Record<string, Backoff>;

/** The wrong-code count (per account) at which the owner is e-mailed. */
export const SECOND_FACTOR_NOTICE_AT = 5;
/** How long an address an account signed in from counts as the owner's (renewed at each sign-in). */
export const KNOWN_ADDRESS_TTL_MS = 30 * 24 * 60 * MIN;
/** How every known-address marker's key begins; the address, "|" and the e-mail follow. */
export const KNOWN_ADDRESS_KEY_PREFIX = "signin:known:";

const addr = (ip: string | null | undefined) => ip || "unknown";

/** Rate-limit keys. An address never contains "|", so "address|e-mail" cannot be ambiguous. */
export const limitKeys = {
  signInByIp: (ip: string | null | undefined) => `signin:ip:${addr(ip)}`,
  signInByPair: (email: string, ip: string | null | undefined) => `signin:pair:${addr(ip)}|${email}`,
  signInByAccount: (email: string) => `signin:account:${email}`,
  knownAddress: (email: string, ip: string | null | undefined) =>
    `${KNOWN_ADDRESS_KEY_PREFIX}${addr(ip)}|${email}`,
  secondFactor: (pendingTokenHash: string) => `2fa:${pendingTokenHash}`,
  secondFactorByAccount: (userId: string) => `2fa:account:${userId}`,
  secondFactorByIp: (ip: string | null | undefined) => `2fa:ip:${addr(ip)}`,
  secondFactorNotice: (userId: string) => `2fa:notice:${userId}`,
  currentPassword: (userId: string) => `account:password:${userId}`,
  accountCode: (userId: string) => `account:code:${userId}`,
  signUpByIp: (ip: string | null | undefined) => `signup:ip:${addr(ip)}`,
  resendConfirmation: (email: string) => `confirm:resend:${email}`,
};
