/**
 * A listing's published reviews for its owner (/company/reviews, decision 0604): newest first,
 * keyset-paged, each with the owner's reply (any status) when there is one; "unanswered" keeps
 * the reviews with no reply, or with a reply that was not published (rejected), which the owner
 * can write again.
 */
import { sql, type Expression, type SqlBool } from "kysely";
import { jsonObjectFrom } from "kysely/helpers/postgres";
import type { Database } from "~/platform/db/database.server";
import { keysetPage, type Page } from "~/platform/db/keyset-page.server";
import type { ReplyStatus } from "./reply-rules";

export interface CompanyReviewReply {
  text: string;
  status: ReplyStatus;
  created_at: string;
  updated_at: string;
}

export interface CompanyReview {
  id: string;
  reviewer_name: string;
  rating: number;
  review_text: string;
  created_at: Date;
  reply: CompanyReviewReply | null;
}

export const COMPANY_REVIEWS_PAGE = 20;

/** The review has no reply, or only a rejected one (`reviews` unaliased: the keyset window's table). */
export const unanswered: Expression<SqlBool> = sql<SqlBool>`NOT EXISTS (
  SELECT 1 FROM review_replies rr WHERE rr.review_id = reviews.id AND rr.status <> 'rejected')`;

export function listCompanyReviews(
  db: Database,
  registrationNumber: string,
  req: { unansweredOnly?: boolean; after?: string | null; before?: string | null; limit?: number },
): Promise<Page<CompanyReview>> {
  return keysetPage(
    { after: req.after, before: req.before, limit: req.limit ?? COMPANY_REVIEWS_PAGE },
    (w) => {
      let query = db
        .selectFrom("reviews")
        .select(["id", "reviewer_name", "rating", "review_text", "created_at"])
        .select((eb) =>
          jsonObjectFrom(
            eb
              .selectFrom("review_replies as rr")
              .select(["rr.text", "rr.status", "rr.created_at", "rr.updated_at"])
              .whereRef("rr.review_id", "=", "reviews.id"),
          ).as("reply"),
        )
        .where("provider_id", "=", registrationNumber)
        .where("verified", "=", true);
      if (req.unansweredOnly) query = query.where(unanswered);
      if (w.window) query = query.where(w.window);
      return query.orderBy("created_at", w.dir).orderBy("id", w.dir).limit(w.limit).execute() as Promise<
        CompanyReview[]
      >;
    },
  );
}
