/**
 * Admins set a claimed listing's plan, period, free trial and dates (/admin/providers, decision
 * 0706). One transaction: the listing is locked and updated, an open upgrade request is closed
 * (handled), `listing.plan_changed` is audited with the values before and after, and the owner
 * of an approved listing is e-mailed. `updated_at` is left alone (it dates the listing's content:
 * featured order, sitemaps), as for a suspension. An admin may also close a request without a
 * change (`closeUpgradeRequest`).
 *
 * Approving one request (`requestId`, the provider page's Approve) decides on what is true now
 * (decision 0263): inside the listing's lock that request is closed first, by a conditional update
 * (this listing's, still open); when it is not, it was decided meanwhile (another tab, a decline)
 * and nothing changes: no plan, no e-mail, no audit row.
 */
import { z } from "zod";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { directoryChanged } from "~/modules/directory/directory-changed.server";
import type { Database } from "~/platform/db/database.server";
import { queueEmail } from "~/platform/email/outbox.server";
import { planChangedEmail } from "./emails.server";
import { LISTING_NAME_COLUMNS, listingWithOwner } from "./listing-with-owner.server";
import type { Period, Plan } from "./plan-state";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (s: string) =>
  DAY.test(s) &&
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) &&
  new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

export interface PlanChange {
  listingId: string;
  plan: Plan;
  period: Period;
  freeTrial: boolean;
  startDate: Date;
  /** null: no end (Premium stays until an admin changes it). */
  endDate: Date | null;
}

export type PlanFieldErrors = Partial<Record<"plan" | "period" | "startDate" | "endDate" | "form", string>>;

const schema = z.object({
  listingId: z.string().regex(UUID, "Unknown listing"),
  plan: z.enum(["standard", "premium"], "Choose a plan"),
  period: z.enum(["monthly", "yearly"], "Choose a period"),
  freeTrial: z.string().optional(),
  startDate: z.string().trim().refine(isDay, "Enter the start date"),
  endDate: z
    .string()
    .trim()
    .refine((s) => s === "" || isDay(s), "Enter a real date, or leave it empty for no end date"),
});

/** Reads the admin's plan form: every error at once, by field. */
export function parsePlanForm(
  form: FormData,
): { ok: true; data: PlanChange } | { ok: false; errors: PlanFieldErrors } {
  const raw = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  const parsed = schema.safeParse({ ...raw, endDate: raw.endDate ?? "", startDate: raw.startDate ?? "" });
  const errors: PlanFieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "form");
      const field = (
        ["plan", "period", "startDate", "endDate"].includes(key) ? key : "form"
      ) as keyof PlanFieldErrors;
      errors[field] ??= issue.message;
    }
    return { ok: false, errors };
  }
  const v = parsed.data;
  const freeTrial = v.freeTrial === "on";
  const startDate = new Date(`${v.startDate}T00:00:00Z`);
  const endDate = v.endDate ? new Date(`${v.endDate}T23:59:59Z`) : null;
  if (freeTrial && !endDate) errors.endDate = "A free trial needs an end date";
  if (endDate && endDate < startDate) errors.endDate = "The end date must be on or after the start date";
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    data: { listingId: v.listingId, plan: v.plan, period: v.period, freeTrial, startDate, endDate },
  };
}

export type SetPlanResult =
  /** No such listing, or (with `requestId`) that request is not open on it: nothing changed. */
  { status: "not-found" } | { status: "done"; registrationNumber: string; closedRequest: boolean };

type PlanInput = PlanChange & {
  adminId: string;
  now?: Date;
  /** The upgrade request this change approves: only while it is this listing's open request. */
  requestId?: string;
};

/** The listing, locked, with what its plan was before. */
async function lockListing(trx: Database, listingId: string) {
  return listingWithOwner(trx)
    .select(LISTING_NAME_COLUMNS)
    .select([
      "c.verified",
      "u.email as owner_email",
      "c.subscription_plan",
      "c.subscription_period",
      "c.subscription_start_date",
      "c.subscription_end_date",
      "c.is_on_free_trial",
    ])
    .where("c.id", "=", listingId)
    .forUpdate("c")
    .executeTakeFirst();
}

type LockedListing = NonNullable<Awaited<ReturnType<typeof lockListing>>>;

/** `listing.plan_changed`, with the values before and after. */
async function auditPlanChange(
  trx: Database,
  input: PlanInput,
  listing: LockedListing,
  upgradeRequestId: string | null,
  now: Date,
): Promise<void> {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  await recordAudit(trx, {
    actorUserId: input.adminId,
    action: "listing.plan_changed",
    entity: "claimed_listing",
    entityId: listing.id,
    details: {
      registrationNumber: listing.registration_number,
      before: {
        plan: listing.subscription_plan,
        period: listing.subscription_period,
        freeTrial: listing.is_on_free_trial,
        start: iso(listing.subscription_start_date),
        end: iso(listing.subscription_end_date),
      },
      after: {
        plan: input.plan,
        period: input.period,
        freeTrial: input.freeTrial,
        start: iso(input.startDate),
        end: iso(input.endDate),
      },
      upgradeRequestId,
    },
    at: now,
  });
}

export async function setListingPlan(
  db: Database,
  config: { publicUrl: string },
  input: PlanInput,
): Promise<SetPlanResult> {
  if (!UUID.test(input.listingId)) return { status: "not-found" };
  if (input.requestId !== undefined && !UUID.test(input.requestId)) return { status: "not-found" };
  const now = input.now ?? new Date();
  const result = await db.transaction().execute(async (trx): Promise<SetPlanResult> => {
    const listing = await lockListing(trx, input.listingId);
    if (!listing) return { status: "not-found" };
    // The request first: approving one that is no longer open changes nothing.
    let closeRequest = trx
      .updateTable("plan_upgrade_requests")
      .set({ status: "closed", outcome: "plan_changed", closed_by: input.adminId, closed_at: now })
      .where("listing_id", "=", listing.id)
      .where("status", "=", "open");
    if (input.requestId !== undefined) closeRequest = closeRequest.where("id", "=", input.requestId);
    const closed = await closeRequest.returning("id").executeTakeFirst();
    if (input.requestId !== undefined && !closed) return { status: "not-found" };
    await trx
      .updateTable("claimed_listings")
      .set({
        subscription_plan: input.plan,
        subscription_period: input.period,
        is_on_free_trial: input.freeTrial,
        subscription_start_date: input.startDate,
        subscription_end_date: input.endDate,
      })
      .where("id", "=", listing.id)
      .execute();
    await auditPlanChange(trx, input, listing, closed?.id ?? null, now);
    if (listing.owner_email && listing.verified) {
      await queueEmail(
        trx,
        planChangedEmail({
          to: listing.owner_email,
          businessName: listing.company_name?.trim() || listing.business_name,
          plan: input.plan,
          period: input.period,
          freeTrial: input.freeTrial,
          endDate: input.endDate,
          dashboardUrl: `${config.publicUrl}/company`,
        }),
      );
    }
    return { status: "done", registrationNumber: listing.registration_number, closedRequest: !!closed };
  });
  if (result.status === "done") {
    // Premium shows in search results and profiles.
    await directoryChanged(db);
  }
  return result;
}

export type CloseRequestResult =
  { status: "not-found" } | { status: "unchanged" } | { status: "done"; registrationNumber: string };

/**
 * Closes an open request without changing the plan (the admin dealt with it another way). With
 * `listingId` (the provider page), only that listing's request: another listing's id is not found.
 */
export async function closeUpgradeRequest(
  db: Database,
  input: { requestId: string; listingId?: string; adminId: string; now?: Date },
): Promise<CloseRequestResult> {
  if (!UUID.test(input.requestId)) return { status: "not-found" };
  if (input.listingId !== undefined && !UUID.test(input.listingId)) return { status: "not-found" };
  const now = input.now ?? new Date();
  return db.transaction().execute(async (trx): Promise<CloseRequestResult> => {
    let query = trx
      .selectFrom("plan_upgrade_requests as r")
      .innerJoin("claimed_listings as c", "c.id", "r.listing_id")
      .select(["r.id", "r.status", "r.listing_id", "c.registration_number"])
      .where("r.id", "=", input.requestId);
    if (input.listingId !== undefined) query = query.where("r.listing_id", "=", input.listingId);
    const request = await query.forUpdate("r").executeTakeFirst();
    if (!request) return { status: "not-found" };
    if (request.status !== "open") return { status: "unchanged" };
    await trx
      .updateTable("plan_upgrade_requests")
      .set({ status: "closed", outcome: "dismissed", closed_by: input.adminId, closed_at: now })
      .where("id", "=", request.id)
      .execute();
    await recordAudit(trx, {
      actorUserId: input.adminId,
      action: "plan_upgrade.closed",
      entity: "claimed_listing",
      entityId: request.listing_id,
      details: {
        registrationNumber: request.registration_number,
        requestId: request.id,
        outcome: "dismissed",
      },
      at: now,
    });
    return { status: "done", registrationNumber: request.registration_number };
  });
}
