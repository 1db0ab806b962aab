/**
 * Reply moderation, beside the reviews' queue at /admin/verifications (decision 0604): the
 * pending replies, oldest change first, with the review they answer; publish or reject. Only a
 * pending reply can be moderated, and only in the version the admin read: a second click changes
 * nothing, and a reply its business edited after the admin's page was loaded is not published (or
 * rejected) on the strength of the earlier words.
 */
import { sql } from "kysely";
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

/**
 * "moderated": done; "already": not pending any more (moderated meanwhile, or no such reply);
 * "changed": the business edited the reply after the admin's page was loaded (or the form did not
 * say which version it showed), so the decision, made on other words, is not applied.
 */
export type ModerateReplyResult = "moderated" | "already" | "changed";

export async function moderateReply(
  db: Database,
  /** `version`: the reply's updated_at the admin's page showed, as an ISO date (to the ms). */
  args: { id: string; version: string; decision: "publish" | "reject"; adminId: string },
): Promise<ModerateReplyResult> {
  if (!isUuid(args.id)) return "already";
  const seen = new Date(args.version);
  const known = !Number.isNaN(seen.getTime()) && /^\d{4}-\d\d-\d\dT/.test(args.version);
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("review_replies")
      .select(["status", sql<Date>`date_trunc('milliseconds', updated_at)`.as("version")])
      .where("id", "=", args.id)
      .forUpdate()
      .executeTakeFirst();
    if (current?.status !== "pending") return "already";
    if (!known || new Date(current.version).getTime() !== seen.getTime()) return "changed";
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
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorUserId: args.adminId,
      action: args.decision === "publish" ? "review_reply.published" : "review_reply.rejected",
      entity: "review",
      entityId: row.review_id,
      details: { registrationNumber: row.provider_id, replyId: args.id },
    });
    return "moderated";
  });
}
