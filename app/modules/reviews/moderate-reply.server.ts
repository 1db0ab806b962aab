/**
 * Reply moderation, beside the reviews' queue at /admin/verifications (decision 0604): the
 * pending replies, oldest change first, with the review they answer; publish or reject. Only a
 * pending reply can be moderated; a second click (or a reply edited meanwhile and moderated
 * already) changes nothing.
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import { isUuid } from "~/platform/db/keyset-page.server";

export interface PendingReply {
  id: string;
  review_id: string;
  provider_id: string;
  business_name: string;
  text: string;
  updated_at: Date;
  reviewer_name: string;
  rating: number;
  review_text: string;
}

export async function listPendingReplies(
  db: Database,
  limit = 50,
): Promise<{ replies: PendingReply[]; total: number }> {
  const [replies, total] = await Promise.all([
    db
      .selectFrom("review_replies as rr")
      .innerJoin("reviews as r", "r.id", "rr.review_id")
      .innerJoin("directory_entries as d", "d.registration_number", "rr.provider_id")
      .leftJoin("claimed_listings as c", (j) =>
        j.onRef("c.registration_number", "=", "rr.provider_id").on("c.verified", "=", true),
      )
      .where("rr.status", "=", "pending")
      .select(["rr.id", "rr.review_id", "rr.provider_id", "rr.text", "rr.updated_at"])
      .select(["r.reviewer_name", "r.rating", "r.review_text"])
      .select((eb) => eb.fn.coalesce("c.company_name", "d.business_name").as("business_name"))
      .orderBy("rr.updated_at", "asc")
      .orderBy("rr.id")
      .limit(limit)
      .execute(),
    db
      .selectFrom("review_replies")
      .where("status", "=", "pending")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { replies, total: Number(total.n) };
}

export async function moderateReply(
  db: Database,
  args: { id: string; decision: "publish" | "reject"; adminId: string },
): Promise<boolean> {
  if (!isUuid(args.id)) return false;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("review_replies")
      .set({
        status: args.decision === "publish" ? "published" : "rejected",
        moderated_by: args.adminId,
        moderated_at: new Date(),
      })
      .where("id", "=", args.id)
      .where("status", "=", "pending")
      .returning(["review_id", "provider_id"])
      .executeTakeFirst();
    if (!row) return false;
    await recordAudit(trx, {
      actorUserId: args.adminId,
      action: args.decision === "publish" ? "review_reply.published" : "review_reply.rejected",
      entity: "review",
      entityId: row.review_id,
      details: { registrationNumber: row.provider_id, replyId: args.id },
    });
    return true;
  });
}
