/**
 * Unconfirmed reviews are deleted 7 days after their link expired, confirmed or not (decision
 * 0250): until then an old link still says "expired" rather than "not valid". Run by the daily
 * privacy purge (app/modules/privacy).
 */
import type { Database } from "~/platform/db/database.server";

const WEEK = 7 * 24 * 60 * 60 * 1000;

export async function pruneUnconfirmedReviews(db: Database, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom("unconfirmed_reviews")
    .where("expires_at", "<", new Date(now.getTime() - WEEK))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
