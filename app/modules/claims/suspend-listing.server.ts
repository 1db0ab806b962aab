/**
 * Suspending a claimed listing (admins): while `suspended_at` is set the public site ignores the
 * listing (provider-row.server.ts joins only verified, unsuspended listings), so the profile and
 * cards show the register's data only and no premium features. The owner keeps the account and
 * the listing; reinstating restores everything. Both are audited; repeating either is a no-op.
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import { directoryChanged } from "~/modules/directory/directory-changed.server";
import type { Database } from "~/platform/db/database.server";

export type SuspendResult =
  { status: "not-found" } | { status: "unchanged" } | { status: "done"; registrationNumber: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function setListingSuspended(
  db: Database,
  input: { listingId: string; adminId: string; suspended: boolean; reason?: string | null; now?: Date },
): Promise<SuspendResult> {
  if (!UUID.test(input.listingId)) return { status: "not-found" };
  const now = input.now ?? new Date();
  const result = await db.transaction().execute(async (trx): Promise<SuspendResult> => {
    const listing = await trx
      .selectFrom("claimed_listings")
      .select(["id", "registration_number", "suspended_at"])
      .where("id", "=", input.listingId)
      .forUpdate()
      .executeTakeFirst();
    if (!listing) return { status: "not-found" };
    if ((listing.suspended_at !== null) === input.suspended) return { status: "unchanged" };
    await trx
      .updateTable("claimed_listings")
      // updated_at is left alone: it dates the listing's content (featured order, sitemaps), which did not change.
      .set({ suspended_at: input.suspended ? now : null })
      .where("id", "=", listing.id)
      .execute();
    await recordAudit(trx, {
      actorUserId: input.adminId,
      action: input.suspended ? "listing.suspended" : "listing.reinstated",
      entity: "claimed_listing",
      entityId: listing.id,
      details: { registrationNumber: listing.registration_number, reason: input.reason?.trim() || null },
      at: now,
    });
    return { status: "done", registrationNumber: listing.registration_number };
  });
  if (result.status === "done") {
    await directoryChanged(db);
  }
  return result;
}
