/** The admin's claim requests: per-status lists with a search, the pending count, and one claim in full. */
import { listAudit, type AuditEvent } from "~/modules/audit/list-audit.server";
import { registrationState, type RegistrationState } from "~/modules/directory/registration";
import type { Database } from "~/platform/db/database.server";
import { isUuid } from "~/platform/db/keyset-page.server";
import { likePattern } from "~/platform/db/like";
import type { ClaimStatus } from "~/platform/db/schema";
import { claimDraftView, draftToPublish, type ClaimDraftView } from "./claim-draft.server";
import type { Period, Plan } from "./constants";
import { licenceUrl } from "./licence-rules";
import { otherListingOfAddress, type OtherListing } from "./other-listing.server";

export interface ClaimRow {
  id: string;
  registrationNumber: string;
  businessName: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  plan: Plan;
  period: Period;
  status: ClaimStatus;
  createdAt: Date;
}

export interface ClaimDetail extends ClaimRow {
  website: string | null;
  about: string | null;
  services: string[];
  areasCovered: string[];
  /** The spec's license_document_url: an uploaded document's access-checked address, or an older link. */
  licenseDocumentUrl: string | null;
  /** The document uploaded with the claim (decision 0506), or null. */
  licenceDocument: {
    url: string;
    type: "application/pdf" | "image/jpeg";
    size: number;
    name: string | null;
  } | null;
  logoUrl: string | null;
  adminNotes: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
  updatedAt: Date;
  history: AuditEvent[];
  /**
   * A pending claim whose contact's account already manages, or has claimed, another listing:
   * that listing (the approval would refuse it; decision 0254).
   */
  otherListing: OtherListing | null;
  /**
   * The registration's state today (the one vocabulary, registration.ts) and its tier; null when
   * the register has no row for it. The approval refuses one not in force (decision 0263).
   */
  registration: { state: RegistrationState; tier: string | null } | null;
  /**
   * A pending claim's owner draft that approving it would publish (what the claimant saved on
   * /company while waiting), with the fields it changes and its version for the approve form;
   * null when there is none (decision 0268).
   */
  draft: ClaimDraftView | null;
}

const MAX_ROWS = 200;

/** The claim requests with their business name, as the admin's lists show them (and the dashboard). */
export function selectClaims(db: Database) {
  return db
    .selectFrom("claim_requests as c")
    .leftJoin("directory_entries as d", "d.registration_number", "c.registration_number")
    .select([
      "c.id",
      "c.registration_number",
      "d.business_name",
      "c.contact_name",
      "c.contact_email",
      "c.contact_phone",
      "c.subscription_plan",
      "c.subscription_period",
      "c.status",
      "c.created_at",
    ]);
}

type BaseRow = {
  id: string;
  registration_number: string;
  business_name: string | null;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  subscription_plan: Plan;
  subscription_period: Period;
  status: ClaimStatus;
  created_at: Date;
};

function toRow(r: BaseRow): ClaimRow {
  return {
    id: r.id,
    registrationNumber: r.registration_number,
    businessName: r.business_name ?? "",
    contactName: r.contact_name,
    contactEmail: r.contact_email,
    contactPhone: r.contact_phone,
    plan: r.subscription_plan,
    period: r.subscription_period,
    status: r.status,
    createdAt: r.created_at,
  };
}

/**
 * LIKE patterns for an admin's search: `pattern` for lower-cased text, `compact` for a
 * registration number (no spaces, upper case); '%' and '_' match literally.
 */
export function searchPatterns(search: string): { pattern: string; compact: string } {
  return {
    pattern: likePattern(search.toLowerCase()),
    compact: likePattern(search.replace(/\s+/g, "").toUpperCase()),
  };
}

/** Newest first. `search` matches registration number, business name, contact name or e-mail (contains, any case). */
export async function listClaims(
  db: Database,
  input: { status: ClaimStatus; search?: string; limit?: number },
): Promise<ClaimRow[]> {
  const rows = await filteredClaims(db, input)
    .orderBy("c.created_at", "desc")
    .orderBy("c.id")
    .limit(input.limit ?? MAX_ROWS)
    .execute();
  return rows.map(toRow);
}

/** The claims of one status that the admin's search finds (the list and its CSV export). */
export function filteredClaims(db: Database, input: { status: ClaimStatus; search?: string }) {
  let q = selectClaims(db).where("c.status", "=", input.status);
  const search = input.search?.trim();
  if (search) {
    const { pattern, compact } = searchPatterns(search);
    q = q.where((eb) =>
      eb.or([
        eb(eb.fn("replace", ["c.registration_number", eb.val(" "), eb.val("")]), "like", compact),
        eb(eb.fn("lower", ["d.business_name"]), "like", pattern),
        eb(eb.fn("lower", ["c.contact_name"]), "like", pattern),
        eb(eb.fn("lower", ["c.contact_email"]), "like", pattern),
      ]),
    );
  }
  return q;
}

export async function countClaims(db: Database): Promise<Record<ClaimStatus, number>> {
  const rows = await db
    .selectFrom("claim_requests")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  const counts: Record<ClaimStatus, number> = { pending: 0, approved: 0, rejected: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

export async function getClaim(
  db: Database,
  id: string,
  now: Date = new Date(),
): Promise<ClaimDetail | null> {
  if (!isUuid(id)) return null;
  const r = await selectClaims(db)
    .leftJoin("users as rv", "rv.id", "c.reviewed_by")
    .select([
      "c.website",
      "c.about",
      "c.services",
      "c.areas_covered",
      "c.license_document_url",
      "c.license_document_key",
      "c.license_document_type",
      "c.license_document_size",
      "c.license_document_name",
      "c.logo_url",
      "c.admin_notes",
      "rv.email as reviewer_email",
      "c.reviewed_at",
      "c.updated_at",
      "c.user_id",
      "d.registration_number as entry_number",
      "d.expiry_date",
      "d.registration_tier",
      "d.on_register",
      "d.removed_at",
    ])
    .where("c.id", "=", id)
    .executeTakeFirst();
  if (!r) return null;
  return {
    ...toRow(r),
    website: r.website,
    about: r.about,
    services: r.services,
    areasCovered: r.areas_covered,
    licenseDocumentUrl: r.license_document_url,
    licenceDocument:
      r.license_document_key && r.license_document_type && r.license_document_size
        ? {
            url: licenceUrl(r.id),
            type: r.license_document_type,
            size: r.license_document_size,
            name: r.license_document_name,
          }
        : null,
    logoUrl: r.logo_url,
    adminNotes: r.admin_notes,
    reviewedBy: r.reviewer_email,
    reviewedAt: r.reviewed_at,
    updatedAt: r.updated_at,
    history: await listAudit(db, "claim_request", r.id),
    otherListing:
      r.status === "pending"
        ? await otherListingOfAddress(db, r.contact_email, r.registration_number, { claimedAt: r.created_at })
        : null,
    registration: r.entry_number ? { state: registrationState(r, now), tier: r.registration_tier } : null,
    draft: r.status === "pending" ? await pendingDraft(db, r) : null,
  };
}

/**
 * The owner's draft a pending claim's approval would publish, against what the approval writes
 * from the claim itself (approve-claim.server.ts, step 3), so the review shows what differs.
 */
async function pendingDraft(
  db: Database,
  r: BaseRow & {
    user_id: string | null;
    about: string | null;
    services: string[];
    logo_url: string | null;
  },
): Promise<ClaimDraftView | null> {
  const listing = await db
    .selectFrom("claimed_listings")
    .select(["user_id", "verified", "draft", "company_name", "logo_url"])
    .where("registration_number", "=", r.registration_number)
    .executeTakeFirst();
  const draft = draftToPublish(listing, r.user_id);
  if (!listing || !draft) return null;
  return claimDraftView(draft, {
    businessName: listing.company_name?.trim() || r.business_name || r.registration_number,
    about: r.about,
    phone: r.contact_phone,
    email: r.contact_email,
    services: r.services,
    logoUrl: r.logo_url ?? listing.logo_url,
  });
}
