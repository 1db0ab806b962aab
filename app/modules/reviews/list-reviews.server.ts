/**
 * A provider's published reviews (verified by an admin; pending and rejected ones never), newest
 * first, each with the business's reply once it is published (decision 0604), with the average
 * rating and count of all of them. One statement: the count and the average are window aggregates
 * over every published review, read beside the rows shown.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";

export interface PublicReview {
  id: string;
  reviewer_name: string;
  rating: number;
  review_text: string;
  created_at: string;
  /** The business's reply, once an administrator published it (decision 0604). */
  reply: { text: string; created_at: string } | null;
}

export interface ReviewSummary {
  reviews: PublicReview[];
  count: number;
  /** Mean rating to one decimal place; null without reviews. */
  average: number | null;
}

export const REVIEWS_SHOWN = 50;

export async function listProviderReviews(
  db: Database,
  registrationNumber: string,
  limit = REVIEWS_SHOWN,
): Promise<ReviewSummary> {
  const rows = await db
    .selectFrom("reviews as r")
    // At most one reply per review (review_replies.review_id is unique): the counts are unchanged.
    .leftJoin("review_replies as rr", (j) =>
      j.onRef("rr.review_id", "=", "r.id").on("rr.status", "=", "published"),
    )
    .select(["r.id", "r.reviewer_name", "r.rating", "r.review_text", "r.created_at"])
    .select(["rr.text as reply_text", "rr.moderated_at as reply_at"])
    .select([
      sql<number>`(count(*) OVER ())::int`.as("total"),
      sql<string>`(round(avg(r.rating) OVER (), 1))::text`.as("mean"),
    ])
    .where("r.provider_id", "=", registrationNumber)
    .where("r.verified", "=", true)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(limit)
    .execute();
  const first = rows[0];
  return {
    reviews: rows.map((r) => ({
      id: r.id,
      reviewer_name: r.reviewer_name,
      rating: r.rating,
      review_text: r.review_text,
      created_at: r.created_at.toISOString(),
      reply: r.reply_text && r.reply_at ? { text: r.reply_text, created_at: r.reply_at.toISOString() } : null,
    })),
    count: first ? first.total : 0,
    average: first ? Number(first.mean) : null,
  };
}
