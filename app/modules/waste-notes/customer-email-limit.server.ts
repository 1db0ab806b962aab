/**
 * How many notes a listing may e-mail to customers in a UK day (decision 0272): each note written
 * or corrected with a customer's e-mail takes one, so neither corrections nor new notes can turn
 * the product into a mailer to any address. Counted in `rate_limits` under the listing and the day,
 * inside the caller's transaction (a refused or failed note gives its slot back with it). The
 * owner's "Send to customer" on a note's page takes its sends from the same count.
 */
import { formatNumber, ukDay } from "~/platform/dates";
import type { Database } from "~/platform/db/database.server";
import { hit, refund } from "~/platform/rate-limit.server";
import { CORRECTION_TEXT } from "./correction-rules";
import type { NoteRefusal } from "./note-rules";

/** Notes a listing may e-mail to customers per UK day. */
export const CUSTOMER_EMAILS_PER_DAY = 100;

/** The counter's key: the listing and the UK day. */
export const customerEmailKey = (registrationNumber: string, now: Date) =>
  `waste-note-customer-emails:${registrationNumber}:${ukDay(now)}`;

/** The day's customer e-mails are used up (the form's refusal and the note page's Send). */
export const CUSTOMER_EMAILS_USED_UP = `Your listing has e-mailed ${formatNumber(CUSTOMER_EMAILS_PER_DAY)} waste notes to customers today, the most it can send in a day.`;

export const CUSTOMER_EMAIL_LIMIT_MESSAGE = `${CUSTOMER_EMAILS_USED_UP} Leave the customer's e-mail empty to save this note now; you can send it from the note's page tomorrow.`;

export const CUSTOMER_EMAIL_LIMIT_REFUSAL: NoteRefusal = {
  reason: "customer_email_limit",
  title: CORRECTION_TEXT.emailLimitTitle,
  message: CUSTOMER_EMAIL_LIMIT_MESSAGE,
  fields: { customerEmail: CUSTOMER_EMAIL_LIMIT_MESSAGE },
};

/**
 * Takes one of the listing's customer e-mails of the day; false (nothing taken) when they are
 * used up. Call inside the transaction that queues the e-mail.
 */
export async function takeCustomerEmail(
  trx: Database,
  registrationNumber: string,
  now: Date,
): Promise<boolean> {
  const key = customerEmailKey(registrationNumber, now);
  // The window outlives the UK day (a day is 23 to 25 hours); the day's key changes at midnight.
  const result = await hit(trx, key, { max: CUSTOMER_EMAILS_PER_DAY, windowMs: 26 * 3_600_000 }, now);
  if (result.allowed) return true;
  await refund(trx, key);
  return false;
}
