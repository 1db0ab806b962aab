/**
 * Bulk moderation (/admin/verifications, decision 0806): publish or reject several pending reviews
 * at once, in one transaction, with an audit entry per review changed. Reviews no longer pending
 * (moderated meanwhile, or unknown ids) are left alone and not counted.
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";

export async function moderateReviews(
  db: Database,
  args: { ids: readonly string[]; decision: "publish" | "reject"; adminId: string },
): Promise<{ changed: number }> {
  if (args.ids.length === 0) return { changed: 0 };
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .updateTable("reviews")
      .set(
        args.decision === "publish"
          ? { verified: true, moderated_by: args.adminId }
          : { rejected_at: new Date(), moderated_by: args.adminId },
      )
      .where("id", "in", [...args.ids])
      .where("verified", "=", false)
      .where("rejected_at", "is", null)
      .returning(["id", "provider_id", "rating"])
      .execute();
    for (const r of rows) {
      await recordAudit(trx, {
        actorUserId: args.adminId,
        action: args.decision === "publish" ? "review.published" : "review.rejected",
        entity: "review",
        entityId: r.id,
        details: { registrationNumber: r.provider_id, rating: r.rating, bulk: true },
      });
    }
    return { changed: rows.length };
  });
}
