/**
 * Claimed listings for the admin's Listings and Providers screens: search (business name,
 * company name, registration number), filters by status and plan, and each listing's open
 * upgrade request (plans module, decision 0706), or only those with one.
 */
import type { Database } from "~/platform/db/database.server";
import { isUuid } from "~/platform/db/keyset-page.server";
import type { Period, Plan } from "./constants";
import { searchPatterns } from "./list-claims.server";
import type { ListingStatusFilter } from "./listing-filters";

export interface ListingRow {
  id: string;
  registrationNumber: string;
  businessName: string;
  companyName: string | null;
  ownerEmail: string | null;
  website: string | null;
  email: string | null;
  phone: string | null;
  verified: boolean;
  suspendedAt: Date | null;
  plan: Plan;
  period: Period;
  startDate: Date | null;
  endDate: Date | null;
  freeTrial: boolean;
  createdAt: Date;
  /** The carrier's open request for Premium, if any. */
  upgradeRequest: { id: string; period: Period; message: string | null; createdAt: Date } | null;
}

/** Every claimed listing with its business, owner and open upgrade request. */
function listingsQuery(db: Database) {
  return db
    .selectFrom("claimed_listings as cl")
    .innerJoin("directory_entries as d", "d.registration_number", "cl.registration_number")
    .leftJoin("users as u", "u.id", "cl.user_id")
    .leftJoin("plan_upgrade_requests as r", (join) =>
      join.onRef("r.listing_id", "=", "cl.id").on("r.status", "=", "open"),
    )
    .select([
      "cl.id",
      "cl.registration_number",
      "d.business_name",
      "cl.company_name",
      "u.email as owner_email",
      "cl.website",
      "cl.email",
      "cl.phone",
      "cl.verified",
      "cl.suspended_at",
      "cl.subscription_plan",
      "cl.subscription_period",
      "cl.subscription_start_date",
      "cl.subscription_end_date",
      "cl.is_on_free_trial",
      "cl.created_at",
      "r.id as request_id",
      "r.period as request_period",
      "r.message as request_message",
      "r.created_at as request_created_at",
    ]);
}

export type ListingQueryRow = Awaited<ReturnType<ReturnType<typeof listingsQuery>["execute"]>>[number];

export function toListingRow(r: ListingQueryRow): ListingRow {
  return {
    id: r.id,
    registrationNumber: r.registration_number,
    businessName: r.business_name,
    companyName: r.company_name,
    ownerEmail: r.owner_email,
    website: r.website,
    email: r.email,
    phone: r.phone,
    verified: r.verified,
    suspendedAt: r.suspended_at,
    plan: r.subscription_plan,
    period: r.subscription_period,
    startDate: r.subscription_start_date,
    endDate: r.subscription_end_date,
    freeTrial: r.is_on_free_trial,
    createdAt: r.created_at,
    upgradeRequest:
      r.request_id && r.request_period && r.request_created_at
        ? {
            id: r.request_id,
            period: r.request_period,
            message: r.request_message,
            createdAt: r.request_created_at,
          }
        : null,
  };
}

/** What the admin's Listings and Providers screens filter by (and their CSV exports). */
export interface ListingFilters {
  search?: string;
  status?: ListingStatusFilter;
  plan?: Plan | "all";
  upgradeRequested?: boolean;
}

export async function listClaimedListings(
  db: Database,
  input: ListingFilters & { limit?: number; id?: string } = {},
): Promise<ListingRow[]> {
  let q = filteredListings(db, input);
  if (input.id !== undefined) {
    if (!isUuid(input.id)) return [];
    q = q.where("cl.id", "=", input.id);
  }
  const order = input.upgradeRequested ? q.orderBy("r.created_at") : q.orderBy("cl.created_at", "desc");
  const rows = await order
    .orderBy("cl.id")
    .limit(input.limit ?? 200)
    .execute();
  return rows.map(toListingRow);
}

/** The claimed listings the filters find, with their business, owner and open upgrade request. */
export function filteredListings(db: Database, input: ListingFilters) {
  let q = listingsQuery(db);
  const search = input.search?.trim();
  if (search) {
    const { pattern, compact } = searchPatterns(search);
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn("lower", ["d.business_name"]), "like", pattern),
        eb(eb.fn("lower", [eb.fn.coalesce("cl.company_name", eb.val(""))]), "like", pattern),
        eb("d.registration_key", "like", compact),
      ]),
    );
  }
  switch (input.status ?? "all") {
    case "verified":
      q = q.where("cl.verified", "=", true).where("cl.suspended_at", "is", null);
      break;
    case "unverified":
      q = q.where("cl.verified", "=", false);
      break;
    case "suspended":
      q = q.where("cl.suspended_at", "is not", null);
      break;
    case "trial":
      q = q.where("cl.is_on_free_trial", "=", true);
      break;
  }
  if (input.plan && input.plan !== "all") q = q.where("cl.subscription_plan", "=", input.plan);
  if (input.upgradeRequested) q = q.where("r.id", "is not", null);
  return q;
}
