/**
 * The dashboard's counts of what waits for the owner (decision 0604): quote requests still new,
 * and published reviews without a reply (none written, or the last one not published).
 */
import { unanswered } from "~/modules/reviews/list-company-reviews.server";
import type { Database } from "~/platform/db/database.server";

export interface EnquiryCounts {
  newQuotes: number;
  unansweredReviews: number;
}

export async function getEnquiryCounts(db: Database, registrationNumber: string): Promise<EnquiryCounts> {
  const [quotes, reviews] = await Promise.all([
    db
      .selectFrom("quote_requests")
      .where("provider_id", "=", registrationNumber)
      .where("carrier_status", "=", "new")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("reviews")
      .where("provider_id", "=", registrationNumber)
      .where("verified", "=", true)
      .where(unanswered)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { newQuotes: Number(quotes.n), unansweredReviews: Number(reviews.n) };
}
