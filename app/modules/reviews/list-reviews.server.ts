/** A provider's published (verified) reviews, newest first, with the average rating and count. */
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
  const [rows, stats] = await Promise.all([
    db
      .selectFrom("reviews")
      .select(["id", "reviewer_name", "rating", "review_text", "created_at"])
      .where("provider_id", "=", registrationNumber)
      .where("verified", "=", true)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(limit)
      .execute(),
    db
      .selectFrom("reviews")
      .select([
        sql<number>`count(*)::int`.as("count"),
        sql<string | null>`round(avg(rating), 1)::text`.as("average"),
      ])
      .where("provider_id", "=", registrationNumber)
      .where("verified", "=", true)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    reviews: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    count: stats.count,
    average: stats.average === null ? null : Number(stats.average),
  };
}
