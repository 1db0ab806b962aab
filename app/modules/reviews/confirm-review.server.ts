/**
 * The review confirmation link (decision 0250). Opening it only reads (`checkReviewLink`): mail
 * scanners open links, so a GET must change nothing. The page's button posts, and
 * `confirmReview` uses the link up and makes the review a real one, pending moderation, in one
 * transaction. A link that cannot confirm says why: not valid, expired, already used, the address's
 * mailbox already has a live review of the business (decision 0257), the business no longer
 * takes reviews, or the review was written with the business's own address (decision 0261). A used
 * link says what became of its review (decision 0261): waiting for moderation, published, or
 * neither (rejected or deleted: "already used", never a promise that it will be shown).
 */
import type { Database } from "~/platform/db/database.server";
import { hashToken } from "~/platform/session.server";
import { mailboxIdentity } from "../leads/rate-limits";
import { getQuoteProvider } from "../quotes/create-quote.server";
import type { ConfirmProblem } from "./review-confirmation";
import { reviewMark } from "./reviewer.server";
import { hasLiveReview } from "./has-reviewed.server";
import { sameMailbox } from "./own-business";

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** What the confirmation page shows of the review before it is confirmed. */
export interface ReviewToConfirm {
  registrationNumber: string;
  businessName: string;
  reviewerName: string;
  rating: number;
  text: string;
}

export type ReviewLinkCheck = { ok: true; review: ReviewToConfirm } | { ok: false; problem: ConfirmProblem };

export type ConfirmReviewResult =
  /** `mark`: what the confirming browser keeps, so it may be told about this review later (decision 0410). */
  | { ok: true; registrationNumber: string; businessName: string; mark: string }
  | { ok: false; problem: ConfirmProblem };

const COLUMNS = [
  "id",
  "provider_id",
  "reviewer_name",
  "reviewer_email",
  "rating",
  "review_text",
  "expires_at",
  "confirmed_at",
  "review_id",
] as const;

type LinkRow = {
  id: string;
  provider_id: string;
  reviewer_name: string;
  reviewer_email: string;
  rating: number;
  review_text: string;
  expires_at: Date;
  confirmed_at: Date | null;
  review_id: string | null;
};

/**
 * What a used link says, by what became of the review it made: still waiting for moderation
 * ("confirmed"), published, or neither, rejected or deleted ("used": nothing promised).
 */
async function usedLink(db: Database, reviewId: string | null): Promise<ConfirmProblem> {
  if (!reviewId) return "used";
  const review = await db
    .selectFrom("reviews")
    .select(["verified", "rejected_at"])
    .where("id", "=", reviewId)
    .executeTakeFirst();
  if (!review || review.rejected_at) return "used";
  return review.verified ? "published" : "confirmed";
}

/** The link's review and its business, or why it cannot be confirmed now. */
async function inspect(
  db: Database,
  row: LinkRow,
  now: Date,
): Promise<{ ok: true; businessName: string } | { ok: false; problem: ConfirmProblem }> {
  if (row.confirmed_at) return { ok: false, problem: await usedLink(db, row.review_id) };
  if (row.expires_at <= now) return { ok: false, problem: "expired" };
  const provider = await getQuoteProvider(db, row.provider_id);
  if (!provider) return { ok: false, problem: "closed" };
  // Written before the form refused it, or before the listing took this address (decision 0261).
  if (sameMailbox(row.reviewer_email, provider.email)) return { ok: false, problem: "business-email" };
  if (await hasLiveReview(db, row.provider_id, row.reviewer_email)) return { ok: false, problem: "already" };
  return { ok: true, businessName: provider.business_name };
}

const wellFormed = (token: string | null | undefined): token is string => !!token && TOKEN_SHAPE.test(token);

/** For the page the link opens: reads, never writes. */
export async function checkReviewLink(
  db: Database,
  token: string | null | undefined,
  now = new Date(),
): Promise<ReviewLinkCheck> {
  if (!wellFormed(token)) return { ok: false, problem: "invalid" };
  const row = await db
    .selectFrom("unconfirmed_reviews")
    .select(COLUMNS)
    .where("token_hash", "=", hashToken(token))
    .executeTakeFirst();
  if (!row) return { ok: false, problem: "invalid" };
  const state = await inspect(db, row, now);
  if (!state.ok) return state;
  return {
    ok: true,
    review: {
      registrationNumber: row.provider_id,
      businessName: state.businessName,
      reviewerName: row.reviewer_name,
      rating: row.rating,
      text: row.review_text,
    },
  };
}

/** The button's POST: uses the link up and makes its review a pending one, in one transaction. */
export async function confirmReview(
  db: Database,
  config: { sessionSecret: string },
  token: string | null | undefined,
  now = new Date(),
): Promise<ConfirmReviewResult> {
  if (!wellFormed(token)) return { ok: false, problem: "invalid" };
  return db.transaction().execute(async (trx): Promise<ConfirmReviewResult> => {
    // Locked: two clicks (two tabs) confirm once; the second is told the link was used.
    const row = await trx
      .selectFrom("unconfirmed_reviews")
      .select(COLUMNS)
      .where("token_hash", "=", hashToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { ok: false, problem: "invalid" };
    const state = await inspect(trx, row, now);
    if (!state.ok) return state;
    const review = await trx
      .insertInto("reviews")
      .values({
        provider_id: row.provider_id,
        reviewer_name: row.reviewer_name,
        reviewer_email: row.reviewer_email,
        reviewer_mailbox: mailboxIdentity(row.reviewer_email),
        rating: row.rating,
        review_text: row.review_text,
        // It enters the moderation queue now: queued, and dated, from its confirmation.
        created_at: now,
        confirmed_at: now,
      })
      // Another link of this mailbox may have been confirmed a moment ago: one live review each.
      .onConflict((oc) =>
        oc.columns(["provider_id", "reviewer_mailbox"]).where("rejected_at", "is", null).doNothing(),
      )
      .returning("id")
      .executeTakeFirst();
    if (!review) return { ok: false, problem: "already" };
    await trx
      .updateTable("unconfirmed_reviews")
      .set({ confirmed_at: now, review_id: review.id })
      .where("id", "=", row.id)
      .execute();
    return {
      ok: true,
      registrationNumber: row.provider_id,
      businessName: state.businessName,
      mark: reviewMark(config.sessionSecret, row.provider_id, row.reviewer_email),
    };
  });
}
