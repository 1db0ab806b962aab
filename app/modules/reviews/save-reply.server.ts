/**
 * The owner's public reply to one of the listing's published reviews (/company/reviews, decision
 * 0604): written once per review and sent to the moderation queue; edited (back to pending) until
 * an administrator publishes it, then final. In one transaction with its audit entry; a review
 * that is not a published review of the owner's own approved, unsuspended listing changes nothing.
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { OwnerRefusal } from "~/modules/company/enquiry-access";
import { ownedListingForChange, type ListingOwner } from "~/modules/company/owned-listing.server";
import type { Database } from "~/platform/db/database.server";
import { isUuid } from "~/platform/db/keyset-page.server";

export type ReplySaved =
  { ok: true; outcome: "created" | "updated" } | { ok: false; reason: OwnerRefusal | "final" };

/** The published review of the owner's listing, with its reply's status (locked), if any. */
async function ownReview(trx: Database, owner: ListingOwner, reviewId: string) {
  return trx
    .selectFrom("reviews as r")
    .innerJoin("claimed_listings as c", "c.registration_number", "r.provider_id")
    .leftJoin("review_replies as rr", "rr.review_id", "r.id")
    .select(["r.id", "r.provider_id", "rr.id as reply_id", "rr.status as reply_status"])
    .where("r.id", "=", reviewId)
    .where("r.verified", "=", true)
    .where("c.id", "=", owner.listingId)
    .where("c.user_id", "=", owner.userId)
    .forUpdate("r")
    .executeTakeFirst();
}

export function saveReviewReply(
  db: Database,
  owner: ListingOwner,
  args: { reviewId: string; text: string },
): Promise<ReplySaved> {
  if (!isUuid(args.reviewId)) return Promise.resolve({ ok: false, reason: "not_found" });
  return db.transaction().execute(async (trx): Promise<ReplySaved> => {
    const owned = await ownedListingForChange(trx, owner);
    const review = await ownReview(trx, owner, args.reviewId);
    if (!review) return { ok: false, reason: "not_found" };
    if (!owned.ok) return { ok: false, reason: owned.reason };
    if (review.reply_status === "published") return { ok: false, reason: "final" };
    const now = new Date();
    // One reply per review (review_id is unique): a second write edits the reply unless published.
    const saved = await trx
      .insertInto("review_replies")
      .values({
        review_id: review.id,
        provider_id: review.provider_id,
        text: args.text,
        written_by: owner.userId,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .column("review_id")
          .doUpdateSet({
            text: args.text,
            status: "pending",
            written_by: owner.userId,
            updated_at: now,
            moderated_by: null,
            moderated_at: null,
          })
          .where("review_replies.status", "<>", "published"),
      )
      .returning(["id"])
      .executeTakeFirst();
    if (!saved) return { ok: false, reason: "final" };
    const outcome = review.reply_id ? "updated" : "created";
    await recordAudit(trx, {
      actorUserId: owner.userId,
      action: outcome === "created" ? "review_reply.submitted" : "review_reply.edited",
      entity: "review",
      entityId: review.id,
      details: { registrationNumber: review.provider_id, replyId: saved.id, before: review.reply_status },
    });
    return { ok: true, outcome };
  });
}
