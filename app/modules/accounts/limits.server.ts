/** The accounts area's rate limits (kept in the database: see platform/rate-limit.server.ts). */
import type { Limit } from "~/platform/rate-limit.server";

const MIN = 60 * 1000;

export const LIMITS = {
  /** Failed sign-ins per e-mail address. */
  signInByEmail: { max: 5, windowMs: 15 * MIN },
  /** Failed sign-ins per client IP (successful ones are given back). */
  signInByIp: { max: 30, windowMs: 15 * MIN },
  /** Second-factor attempts per pending sign-in. */
  secondFactor: { max: 5, windowMs: 10 * MIN },
  /** Reset requests per IP (beyond it the page says so). */
  resetByIp: { max: 10, windowMs: 60 * MIN },
  /** Reset e-mails per address (beyond it nothing is sent, and the page looks the same). */
  resetByEmail: { max: 3, windowMs: 60 * MIN },
  /** Sign-ups per IP. */
  signUpByIp: { max: 5, windowMs: 60 * MIN },
  /** Confirmation e-mails re-sent per address on unconfirmed sign-in attempts. */
  resendConfirmation: { max: 1, windowMs: 10 * MIN },
} satisfies Record<string, Limit>;
