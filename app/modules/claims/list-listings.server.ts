/**
 * Claimed listings for the admin's Listings and Providers screens: search (business name,
 * company name, registration number), and filters by status and plan.
 */
import type { Database } from "~/platform/db/database.server";
import type { Period, Plan } from "./constants";

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
}

function escapeLike(s: string) {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listClaimedListings(
  db: Database,
  input: { search?: string; status?: ListingStatusFilter; plan?: Plan | "all"; limit?: number } = {},
): Promise<ListingRow[]> {
  let q = db
    .selectFrom("claimed_listings as cl")
    .innerJoin("directory_entries as d", "d.registration_number", "cl.registration_number")
    .leftJoin("users as u", "u.id", "cl.user_id")
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
    ]);
  const search = input.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search.toLowerCase())}%`;
    const compact = `%${escapeLike(search.replace(/\s+/g, "").toUpperCase())}%`;
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
  const rows = await q.orderBy("cl.created_at", "desc").orderBy("cl.id").limit(input.limit ?? 200).execute();
  return rows.map((r) => ({
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
  }));
}
