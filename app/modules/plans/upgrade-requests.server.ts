/**
 * Upgrade requests (decision 0706): a carrier asks for Premium from /company/upgrade; the request
 * is recorded for the admins (one open request per listing, a partial unique index) and the site's
 * team is e-mailed in the same transaction. No payment is taken: an admin changes the plan on
 * /admin/providers, which closes the request (set-listing-plan.server.ts).
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import { queueEmail } from "~/platform/email/outbox.server";
import { upgradeRequestedEmail } from "./emails.server";
import { LISTING_NAME_COLUMNS, listingWithOwner } from "./listing-with-owner.server";
import { effectivePlan, type Period } from "./plan-state";
import { UPGRADE_TEXT } from "./upgrade-text";

export { UPGRADE_TEXT };

export interface UpgradeRequest {
  id: string;
  listingId: string;
  period: Period;
  message: string | null;
  createdAt: Date;
}

export type RequestUpgradeResult =
  | { status: "created"; request: UpgradeRequest }
  | { status: "already_open"; request: UpgradeRequest }
  | { status: "no_listing" | "pending" | "suspended" | "already_premium" };

type Row = { id: string; listing_id: string; period: Period; message: string | null; created_at: Date };
const toRequest = (r: Row): UpgradeRequest => ({
  id: r.id,
  listingId: r.listing_id,
  period: r.period,
  message: r.message,
  createdAt: r.created_at,
});

export async function getOpenUpgradeRequest(db: Database, listingId: string): Promise<UpgradeRequest | null> {
  const row = await db
    .selectFrom("plan_upgrade_requests")
    .select(["id", "listing_id", "period", "message", "created_at"])
    .where("listing_id", "=", listingId)
    .where("status", "=", "open")
    .executeTakeFirst();
  return row ? toRequest(row) : null;
}

export async function requestUpgrade(
  db: Database,
  config: { CONTACT_EMAIL: string; publicUrl: string },
  input: { userId: string; period: Period; message?: string | null; now?: Date },
): Promise<RequestUpgradeResult> {
  const now = input.now ?? new Date();
  const message = input.message?.trim() || null;
  return db.transaction().execute(async (trx): Promise<RequestUpgradeResult> => {
    // The user's listing (the oldest, as everywhere in the company area), locked so two requests
    // at once cannot both pass the "none open" check.
    const listing = await listingWithOwner(trx)
      .select(LISTING_NAME_COLUMNS)
      .select(["u.email", "c.verified", "c.suspended_at", "c.subscription_plan", "c.subscription_end_date"])
      .$narrowType<{ email: string }>() // the owner is the user asking
      .where("c.user_id", "=", input.userId)
      .orderBy("c.created_at")
      .orderBy("c.id")
      .forUpdate("c")
      .executeTakeFirst();
    if (!listing) return { status: "no_listing" };
    if (!listing.verified) return { status: "pending" };
    if (listing.suspended_at) return { status: "suspended" };
    if (effectivePlan(listing, now) === "premium") return { status: "already_premium" };
    const open = await getOpenUpgradeRequest(trx, listing.id);
    if (open) return { status: "already_open", request: open };
    const row = await trx
      .insertInto("plan_upgrade_requests")
      .values({
        listing_id: listing.id,
        requested_by: input.userId,
        period: input.period,
        message,
        created_at: now,
      })
      .returning(["id", "listing_id", "period", "message", "created_at"])
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actorUserId: input.userId,
      action: "plan_upgrade.requested",
      entity: "claimed_listing",
      entityId: listing.id,
      details: { registrationNumber: listing.registration_number, requestId: row.id, period: input.period },
      at: now,
    });
    const businessName = listing.company_name?.trim() || listing.business_name;
    await queueEmail(
      trx,
      upgradeRequestedEmail({
        to: config.CONTACT_EMAIL,
        businessName,
        registrationNumber: listing.registration_number,
        ownerEmail: listing.email,
        period: input.period,
        message,
        adminUrl: `${config.publicUrl}/admin/providers#upgrade-requests`,
      }),
    );
    return { status: "created", request: toRequest(row) };
  });
}
