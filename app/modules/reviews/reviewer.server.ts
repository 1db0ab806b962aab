/**
 * Who may be told whether an e-mail has reviewed a provider (decision 0410): the signed-in user of
 * an e-mail of that mailbox, or a browser that has confirmed a review from that mailbox for that
 * provider through the link sent to the address (it keeps a mark of each review it confirmed, in a
 * signed cookie; decision 0250). Both have shown they read that mailbox and know the answer
 * already, so telling them reveals nothing; anyone else is never told. Sending a review gives no
 * mark: anyone can type an address. One live review per mailbox is the rule (decision 0257), so
 * the mark and the comparison are by mailbox (`mailboxIdentity`), not by the address as typed.
 */
import crypto from "node:crypto";
import { mailboxIdentity } from "../leads/rate-limits";

export interface Reviewer {
  /** The signed-in user's e-mail, if any. */
  signedInEmail: string | null;
  /** The marks this browser holds (see `reviewMark`). */
  marks: readonly string[];
}

export const ANONYMOUS_REVIEWER: Reviewer = { signedInEmail: null, marks: [] };

/**
 * A browser's mark of a review it confirmed, for the address's mailbox: keyed with the server's
 * secret, so it cannot be forged or tested offline. (A mark made before decision 0257 was for the
 * address as typed; it is the same for an address that is its own mailbox.)
 */
export function reviewMark(secret: string, registrationNumber: string, email: string): string {
  return crypto
    .createHmac("sha256", secret)
    .update(`review\n${registrationNumber.trim().toUpperCase()}\n${mailboxIdentity(email)}`)
    .digest("base64url")
    .slice(0, 22);
}

/** Whether this visitor may be told if `email`'s mailbox has reviewed the provider. */
export function mayKnow(
  secret: string,
  reviewer: Reviewer,
  registrationNumber: string,
  email: string,
): boolean {
  const box = mailboxIdentity(email);
  if (reviewer.signedInEmail && mailboxIdentity(reviewer.signedInEmail) === box) return true;
  return reviewer.marks.includes(reviewMark(secret, registrationNumber, box));
}
