/**
 * When a note's waste may have been collected (decision 0273): the note is written at or after the
 * transfer, so the collection is today (UK time, the form's time) or earlier; not more than 2 years
 * ago, the time both parties keep a note (reference/waste-transfer-notes.md), so a note is not
 * back-dated past what anyone still holds; and before the carrier's registration expires (an
 * expiry day is already expired, as for a season ticket's transfers, season-ticket.server.ts).
 * A season ticket's last day is held to the same expiry. Pure; the server enforces it for every
 * note (submit-note.server.ts), the generator's and the company's alike.
 */
import { formatDate, ukDay, ukToday } from "~/platform/dates";

/** The record-keeping period: a collection older than this many years is refused. */
export const OLDEST_COLLECTION_YEARS = 2;

export const COLLECTION_DATE_MESSAGES = {
  future: (today: string) =>
    `The collection date can't be in the future: write the note when the waste is collected (today, ${formatDate(today)}, at the latest).`,
  tooOld: (earliest: string) =>
    `The collection date is more than 2 years ago: a waste note is kept for 2 years, so it can't record a collection before ${formatDate(earliest)}.`,
  afterExpiry: (number: string, expiry: string) =>
    `The carrier's registration ${number} expires on ${formatDate(expiry)}: a collection on or after that day can't be recorded under it.`,
  seasonAfterExpiry: (number: string, expiry: string) =>
    `The carrier's registration ${number} expires on ${formatDate(expiry)}: the season ticket must end before that day.`,
} as const;

/** The first UK day a collection may be on: the same date 2 years before today. */
export function earliestCollectionDay(now: Date): string {
  const today = ukToday(now);
  const y = Number(today.slice(0, 4));
  const earliest = new Date(
    Date.UTC(y - OLDEST_COLLECTION_YEARS, Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10))),
  );
  return earliest.toISOString().slice(0, 10);
}

/**
 * Why a note can't record this collection, or null. `registration`: the carrier's number and the
 * expiry that applies to it now (null for a lower tier registration, or a number not checked here).
 */
export function collectionDateProblem(
  collected: Date,
  now: Date,
  registration: { number: string; expiry: string | null } | null,
): string | null {
  const day = ukDay(collected);
  const today = ukToday(now);
  if (day > today) return COLLECTION_DATE_MESSAGES.future(today);
  const earliest = earliestCollectionDay(now);
  if (day < earliest) return COLLECTION_DATE_MESSAGES.tooOld(earliest);
  if (registration?.expiry && day >= registration.expiry)
    return COLLECTION_DATE_MESSAGES.afterExpiry(registration.number, registration.expiry);
  return null;
}

/** Why a season ticket can't run to `until` ('YYYY-MM-DD') under the registration, or null. */
export function seasonTicketExpiryProblem(
  until: string | null,
  registration: { number: string; expiry: string | null } | null,
): string | null {
  if (!until || !registration?.expiry || until < registration.expiry) return null;
  return COLLECTION_DATE_MESSAGES.seasonAfterExpiry(registration.number, registration.expiry);
}
