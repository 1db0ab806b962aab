/** Per-IP limits on the visitor forms (decision 0601), counted in the rate_limits table. */
import { normaliseEmail } from "~/platform/email-address";
import type { Limit } from "~/platform/rate-limit.server";

const HOUR = 60 * 60 * 1000;
export const FORM_LIMITS = {
  lead: { max: 10, windowMs: HOUR },
  quote: { max: 10, windowMs: HOUR },
  review: { max: 10, windowMs: HOUR },
  contact: { max: 5, windowMs: HOUR },
  reviewCheck: { max: 120, windowMs: 10 * 60 * 1000 },
} satisfies Record<string, Limit>;
export type FormName = keyof typeof FORM_LIMITS;

export const formLimitKey = (form: FormName, ip: string) => `${form}:ip:${ip}`;

/**
 * Copies of a visitor's own request (lead and quote forms together), per recipient mailbox
 * (decision 0602): whoever types the address, one mailbox gets at most 3 an hour and 10 a day,
 * so the forms cannot be used to flood someone else's inbox. Beyond that the request is still
 * taken; only the copy is not sent, and the visitor is told so.
 */
export const COPY_LIMITS = {
  perHour: { max: 3, windowMs: HOUR },
  perDay: { max: 10, windowMs: 24 * HOUR },
} satisfies Record<string, Limit>;

/**
 * The mailbox an address delivers to, for counting: lower-case, without a '+tag' (most providers
 * deliver 'ann+1@' to 'ann@'), and for Gmail without dots ('a.n.n@gmail.com' is 'ann@gmail.com').
 * Reviews store it (`reviews.reviewer_mailbox`, one live review per mailbox, decision 0257), and
 * migration 1067 has its SQL twin, `mailbox_identity`, which a check constraint holds the stored
 * value to: changing this rule needs a migration that changes that function and derives the column
 * again (review-mailbox.test.ts compares the two).
 */
export function mailboxIdentity(email: string): string {
  const address = normaliseEmail(email);
  const at = address.lastIndexOf("@");
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replace(/\./g, "");
  return `${local}@${domain}`;
}

export const copyLimitKeys = (email: string) => {
  const box = mailboxIdentity(email);
  return { hour: `copy:hour:${box}`, day: `copy:day:${box}` };
};
