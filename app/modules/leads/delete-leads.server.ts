/**
 * Bulk delete (/admin/leads, decision 0806): several leads in one transaction, with an audit entry
 * per lead deleted; their photos are removed after the commit (a photo left behind is logged, as
 * with a single delete). Unknown ids are ignored and not counted.
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { DeleteEnquiryDeps } from "./delete-enquiry.server";
import { deletePhoto } from "./photo.server";

export async function deleteLeads(
  { db, storage, log }: DeleteEnquiryDeps,
  args: { ids: readonly string[]; adminId: string },
): Promise<{ deleted: number }> {
  if (args.ids.length === 0) return { deleted: 0 };
  const rows = await db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom("general_leads")
      .where("id", "in", [...args.ids])
      .returning(["id", "image_key", "email", "created_at"])
      .execute();
    for (const r of deleted) {
      await recordAudit(trx, {
        actorUserId: args.adminId,
        action: "lead.deleted",
        entity: "general_lead",
        entityId: r.id,
        details: { email: r.email, sentAt: r.created_at.toISOString(), bulk: true },
      });
    }
    return deleted;
  });
  for (const r of rows) {
    if (!r.image_key) continue;
    await deletePhoto(storage, r.image_key).catch((error: unknown) =>
      log.warn({ err: error, key: r.image_key }, "lead photo not removed"),
    );
  }
  return { deleted: rows.length };
}
