/**
 * Review moderation (/admin/verifications): the pending queue, oldest first, and publish or
 * reject. Only a pending review can be moderated; a second click changes nothing. Every row of
 * `reviews` has been confirmed by its writer from the e-mail (decision 0250; reviews waiting for
 * that are in `unconfirmed_reviews`), so the queue holds confirmed reviews only.
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import { isUuid } from "~/platform/db/keyset-page.server";

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
}

/** The pending reviews with their provider's name, as the queue (and its CSV export) shows them. */
export function selectPendingReviews(db: Database) {
  return db
    .selectFrom("reviews as r")
    .where("r.verified", "=", false)
    .where("r.rejected_at", "is", null)
    .innerJoin("directory_entries as d", "d.registration_number", "r.provider_id")
    .leftJoin("claimed_listings as c", (j) =>
      j.onRef("c.registration_number", "=", "r.provider_id").on("c.verified", "=", true),
    )
    .select([
      "r.id",
      "r.provider_id",
      "r.reviewer_name",
      "r.reviewer_email",
      "r.rating",
      "r.review_text",
      "r.created_at",
      "r.confirmed_at",
    ])
    .select((eb) => eb.fn.coalesce("c.company_name", "d.business_name").as("business_name"));
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
  return { reviews: reviews as PendingReview[], total: Number(total.n) };
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
