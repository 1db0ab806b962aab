/**
 * The signed-in user's own claimed listing, as the company pages show it: the published fields,
 * the register's read-only facts (address, expiry) and, for an unverified listing, the draft that
 * waits for approval laid over the published values.
 */
import type { PlanColumns } from "~/modules/plans/plan-state";
import { REGISTER_ADDRESS_FIELDS } from "~/modules/register-sync/register-fields";
import type { Database } from "~/platform/db/database.server";
import type { DirectoryEntry } from "~/platform/db/schema";

/** What an unverified owner saved; a key that is absent means "unchanged". */
export interface ListingDraft {
  businessName?: string;
  about?: string | null;
  phone?: string | null;
  email?: string | null;
  services?: string[];
  /** null: the logo is to be removed on approval. */
  logoUrl?: string | null;
  savedAt?: string;
}

export interface CompanyListing {
  id: string;
  registrationNumber: string;
  /** The name the public sees (claimed name, else the register's). */
  businessName: string;
  registerName: string;
  about: string | null;
  phone: string | null;
  email: string | null;
  services: string[];
  logoUrl: string | null;
  address: string | null;
  expiryDate: string | null;
  verified: boolean;
  /** An admin suspended the listing (decision 0504). */
  suspended: boolean;
  emailNotifications: boolean;
  plan: "standard" | "premium";
  /** The plan's columns as stored (plans/plan-state.ts reads them). */
  subscription: PlanColumns;
  /** The register's facts that decide the registration's state (directory/registration.ts). */
  register: {
    expiry_date: string | null;
    on_register: boolean;
    removed_at: string | null;
    registration_tier: string | null;
  };
  draft: ListingDraft | null;
}

/** The values the Listing Details form starts from: the draft over the published listing. */
export function editableValues(listing: CompanyListing) {
  const d = listing.draft ?? {};
  return {
    businessName: d.businessName ?? listing.businessName,
    about: d.about !== undefined ? d.about : listing.about,
    phone: d.phone !== undefined ? d.phone : listing.phone,
    email: d.email !== undefined ? d.email : listing.email,
    services: d.services ?? listing.services,
    logoUrl: d.logoUrl !== undefined ? d.logoUrl : listing.logoUrl,
  };
}

export function parseDraft(value: unknown): ListingDraft | null {
  if (!value) return null;
  const raw = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  const draft: ListingDraft = {};
  const textOrNull = (v: unknown) => (typeof v === "string" ? v : v === null ? null : undefined);
  if (typeof r.businessName === "string") draft.businessName = r.businessName;
  for (const k of ["about", "phone", "email", "logoUrl"] as const) {
    const v = textOrNull(r[k]);
    if (v !== undefined) draft[k] = v;
  }
  if (Array.isArray(r.services))
    draft.services = r.services.filter((s): s is string => typeof s === "string");
  if (typeof r.savedAt === "string") draft.savedAt = r.savedAt;
  return draft;
}

/** The claimed listing row with its register entry. */
function selectCompanyListing(db: Database, userId: string) {
  return db
    .selectFrom("claimed_listings as c")
    .innerJoin("directory_entries as d", "d.registration_number", "c.registration_number")
    .select([
      "c.id",
      "c.registration_number",
      "c.company_name",
      "c.about",
      "c.phone",
      "c.email",
      "c.services",
      "c.logo_url",
      "c.verified",
      "c.email_notifications",
      "c.subscription_plan",
      "c.subscription_period",
      "c.subscription_start_date",
      "c.subscription_end_date",
      "c.is_on_free_trial",
      "c.suspended_at",
      "c.draft",
      "d.business_name",
      ...REGISTER_ADDRESS_FIELDS.map((column) => `d.${column}` as const),
      "d.expiry_date",
      "d.on_register",
      "d.removed_at",
      "d.registration_tier",
    ])
    .where("c.user_id", "=", userId)
    .orderBy("c.created_at")
    .orderBy("c.id")
    .executeTakeFirst();
}

/** The register's address lines, joined ("" when there are none). */
function formatAddress(d: Pick<DirectoryEntry, (typeof REGISTER_ADDRESS_FIELDS)[number]>): string {
  return REGISTER_ADDRESS_FIELDS.map((column) => d[column]?.trim())
    .filter(Boolean)
    .join(", ");
}

/** The user's listing (the oldest if an account somehow holds two), or null. */
export async function getCompanyListing(db: Database, userId: string): Promise<CompanyListing | null> {
  const row = await selectCompanyListing(db, userId);
  if (!row) return null;
  const address = formatAddress(row);
  const expiry = row.expiry_date as unknown;
  const expiryDate = expiry instanceof Date ? expiry.toISOString().slice(0, 10) : (expiry as string | null);
  return {
    id: row.id,
    registrationNumber: row.registration_number,
    businessName: row.company_name?.trim() || row.business_name,
    registerName: row.business_name,
    about: row.about,
    phone: row.phone,
    email: row.email,
    services: row.services ?? [],
    logoUrl: row.logo_url,
    address: address || null,
    expiryDate,
    verified: row.verified,
    suspended: row.suspended_at !== null,
    emailNotifications: row.email_notifications,
    plan: row.subscription_plan,
    subscription: {
      subscription_plan: row.subscription_plan,
      subscription_period: row.subscription_period,
      subscription_start_date: row.subscription_start_date,
      subscription_end_date: row.subscription_end_date,
      is_on_free_trial: row.is_on_free_trial,
    },
    register: {
      expiry_date: expiryDate,
      on_register: row.on_register,
      removed_at: row.removed_at ? new Date(row.removed_at).toISOString() : null,
      registration_tier: row.registration_tier,
    },
    draft: parseDraft(row.draft),
  };
}
