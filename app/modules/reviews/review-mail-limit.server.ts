/**
 * The review form e-mails the address typed into it (a confirmation link, or "you have already
 * reviewed"), so it must not be a way to flood someone else's inbox (decision 0250): per mailbox,
 * whoever types it, at most 3 such e-mails an hour and 10 a day, as for the lead and quote copies
 * (decision 0602), on top of the per-IP form limit.
 */
import type { Database } from "~/platform/db/database.server";
import { hit, refund, type Limit } from "~/platform/rate-limit.server";
import { mailboxIdentity } from "../leads/rate-limits";

const HOUR = 60 * 60 * 1000;
export const REVIEW_MAIL_LIMITS = {
  perHour: { max: 3, windowMs: HOUR },
  perDay: { max: 10, windowMs: 24 * HOUR },
} satisfies Record<string, Limit>;

/** Counts one review e-mail to `email` against its mailbox's limits; false when over either. */
export async function allowReviewMail(db: Database, email: string, now = new Date()): Promise<boolean> {
  const box = mailboxIdentity(email);
  const hour = `review-mail:hour:${box}`;
  if (!(await hit(db, hour, REVIEW_MAIL_LIMITS.perHour, now)).allowed) return false;
  if (!(await hit(db, `review-mail:day:${box}`, REVIEW_MAIL_LIMITS.perDay, now)).allowed) {
    await refund(db, hour);
    return false;
  }
  return true;
}
