/**
 * Copies of a visitor's own request (decision 0602). The forms e-mail an address anyone can type,
 * so a copy must not be a way to send someone else mail: at most 3 an hour and 10 a day per
 * mailbox (on top of the per-IP form limits), a fixed subject, and the visitor's text kept plain:
 * escaped by the layout, and anything a mail program would turn into a link taken out.
 */
import type { Database } from "~/platform/db/database.server";
import { hit, refund } from "~/platform/rate-limit.server";
import { COPY_LIMITS, copyLimitKeys } from "./rate-limits";

/**
 * Counts one copy to `email` against its mailbox's limits; false when over either (nothing is
 * then counted against the day). Call it in the request's transaction, so a request that rolls
 * back counts nothing.
 */
export async function allowCopy(db: Database, email: string, now = new Date()): Promise<boolean> {
  const keys = copyLimitKeys(email);
  if (!(await hit(db, keys.hour, COPY_LIMITS.perHour, now)).allowed) return false;
  if (!(await hit(db, keys.day, COPY_LIMITS.perDay, now)).allowed) {
    await refund(db, keys.hour);
    return false;
  }
  return true;
}

export const LINK_REMOVED = "[link removed]";

const SCHEME_URL = /\b[a-z][a-z0-9+.-]*:\/\/\S*/gi;
const WWW = /\bwww\.\S*/gi;
/** A bare host name ('cheap-pills.example', 'bit.ly/x'): mail programs make these links too. */
const HOST = /\b(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}\b(?:\/\S*)?/gi;

/**
 * Visitor-typed text for a copy sent to whatever address was typed: every web address or host
 * name becomes '[link removed]', so the copy carries no link a stranger chose. (The stored request
 * keeps the text as typed; the business's and the team's e-mails are not changed.)
 */
export function withoutLinks(text: string): string {
  return text.replace(SCHEME_URL, LINK_REMOVED).replace(WWW, LINK_REMOVED).replace(HOST, LINK_REMOVED);
}
