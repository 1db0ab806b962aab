/**
 * Review moderation (/admin/verifications): the pending queue, oldest first, and publish or
 * reject. Only a pending review can be moderated; a second click changes nothing. Every row of
 * `reviews` has been confirmed by its writer from the e-mail (decision 0250; reviews waiting for
 * that are in `unconfirmed_reviews`), so the queue holds confirmed reviews only. A review written
 * from the business's own mailbox (its owner account's address, which the form may not refuse
 * without revealing the account, or its listing's) is marked `from_owner` (decision 0261), from
 * the listing's addresses as they are now.
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import { isUuid } from "~/platform/db/keyset-page.server";
import { fromOwner, type FromOwner } from "./own-business";

export interface PendingReview {
  id: string;
  provider_id: string;
  business_name: string;
  reviewer_name: string;
  reviewer_email: string;
  rating: number;
  review_text: string;
  created_at: Date;
  /** When the writer confirmed the address; null for a review written before confirmation existed. */
  confirmed_at: Date | null;
  /** Written from the business's own mailbox: its owner account's, or its listing's (decision 0261). */
  from_owner: FromOwner | null;
}

/**
 * A queue row as read, with the business's addresses (the listing's e-mail and its owner account's,
 * whatever the listing's state), from which `withOwnerMark` tells whether the business wrote it.
 */
export interface PendingReviewRow extends Omit<PendingReview, "from_owner"> {
  listing_email: string | null;
  owner_email: string | null;
}

/** The row as the queue shows it: marked when it comes from the business's own mailbox. */
export function withOwnerMark({ listing_email, owner_email, ...review }: PendingReviewRow): PendingReview {
  return {
    ...review,
    from_owner: fromOwner(review.reviewer_email, { listingEmail: listing_email, ownerEmail: owner_email }),
  };
}

/** The pending reviews with their provider's name, as the queue (and its CSV export) shows them. */
export function selectPendingReviews(db: Database) {
  return (
    db
      .selectFrom("reviews as r")
      .where("r.verified", "=", false)
      .where("r.rejected_at", "is", null)
      .innerJoin("directory_entries as d", "d.registration_number", "r.provider_id")
      .leftJoin("claimed_listings as c", (j) =>
        j.onRef("c.registration_number", "=", "r.provider_id").on("c.verified", "=", true),
      )
      // The business's addresses, whatever its listing's state: who owns it is who owns it.
      .leftJoin("claimed_listings as o", "o.registration_number", "r.provider_id")
      .leftJoin("users as u", "u.id", "o.user_id")
      .select([
        "r.id",
        "r.provider_id",
        "r.reviewer_name",
        "r.reviewer_email",
        "r.rating",
        "r.review_text",
        "r.created_at",
        "r.confirmed_at",
        "o.email as listing_email",
        "u.email as owner_email",
      ])
      .select((eb) => eb.fn.coalesce("c.company_name", "d.business_name").as("business_name"))
  );
}

export async function listPendingReviews(
  db: Database,
  limit = 50,
): Promise<{ reviews: PendingReview[]; total: number }> {
  const pending = db
    .selectFrom("reviews as r")
    .where("r.verified", "=", false)
    .where("r.rejected_at", "is", null);
  const [reviews, total] = await Promise.all([
    selectPendingReviews(db).orderBy("r.created_at", "asc").orderBy("r.id").limit(limit).execute(),
    pending.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { reviews: (reviews as PendingReviewRow[]).map(withOwnerMark), total: Number(total.n) };
}

export async function moderateReview(
  db: Database,
  args: { id: string; decision: "publish" | "reject"; adminId: string },
): Promise<boolean> {
  if (!isUuid(args.id)) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("reviews")
      .set(
        args.decision === "publish"
          ? { verified: true, moderated_by: args.adminId }
          : { rejected_at: new Date(), moderated_by: args.adminId },
      )
      .where("id", "=", args.id)
      .where("verified", "=", false)
      .where("rejected_at", "is", null)
      .returning(["provider_id", "rating"])
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit(trx, {
      actorUserId: args.adminId,
      action: args.decision === "publish" ? "review.published" : "review.rejected",
      entity: "review",
      entityId: args.id,
      details: { registrationNumber: row.provider_id, rating: row.rating },
    });
    return true;
  });
}
