/**
 * Who may be told whether an e-mail has reviewed a provider (decision 0410): the signed-in user of
 * that e-mail, or a browser that has confirmed a review with that e-mail for that provider through
 * the link sent to the address (it keeps a mark of each review it confirmed, in a signed cookie;
 * decision 0250). Both have shown they read that mailbox and know the answer already, so telling
 * them reveals nothing; anyone else is never told. Sending a review gives no mark: anyone can type
 * an address.
 */
import crypto from "node:crypto";
import { normaliseEmail } from "~/platform/email-address";

export interface Reviewer {
  /** The signed-in user's e-mail, if any. */
  signedInEmail: string | null;
  /** The marks this browser holds (see `reviewMark`). */
  marks: readonly string[];
}

export const ANONYMOUS_REVIEWER: Reviewer = { signedInEmail: null, marks: [] };

/** A browser's mark of a review it confirmed: keyed with the server's secret, so it cannot be forged or tested offline. */
export function reviewMark(secret: string, registrationNumber: string, email: string): string {
  return crypto
    .createHmac("sha256", secret)
    .update(`review\n${registrationNumber.trim().toUpperCase()}\n${normaliseEmail(email)}`)
    .digest("base64url")
    .slice(0, 22);
}

/** Whether this visitor may be told if `email` has reviewed the provider. */
export function mayKnow(
  secret: string,
  reviewer: Reviewer,
  registrationNumber: string,
  email: string,
): boolean {
  const normalised = normaliseEmail(email);
  if (reviewer.signedInEmail && normaliseEmail(reviewer.signedInEmail) === normalised) return true;
  return reviewer.marks.includes(reviewMark(secret, registrationNumber, normalised));
}
