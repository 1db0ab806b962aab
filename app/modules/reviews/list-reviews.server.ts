/**
 * A provider's published reviews (verified by an admin; pending and rejected ones never), newest
 * first, with the average rating and count of all of them. One statement: the count and the
 * average are window aggregates over every published review, read beside the rows shown.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";

export interface PublicReview {
  id: string;
  reviewer_name: string;
  rating: number;
  review_text: string;
  created_at: string;
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
    .selectFrom("reviews")
    .select(["id", "reviewer_name", "rating", "review_text", "created_at"])
    .select([
      sql<number>`(count(*) OVER ())::int`.as("total"),
      sql<string>`(round(avg(rating) OVER (), 1))::text`.as("mean"),
    ])
    .where("provider_id", "=", registrationNumber)
    .where("verified", "=", true)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
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
    })),
    count: first ? first.total : 0,
    average: first ? Number(first.mean) : null,
  };
}
