/**
 * The Admin Dashboard's data: five counts and the five most recent pending claims, leads and
 * quote requests, read with the queries of the claims, leads and quotes lists.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { listFailedJobs } from "~/platform/jobs/queue.server";
import { PRUNE_JOB } from "~/modules/accounts/prune.server";
import { RESET_JOB } from "~/modules/accounts/request-password-reset.server";
import { EXPIRY_REMINDER_JOB } from "~/modules/directory/expiry-reminders.server";
import { PURGE_JOB } from "~/modules/privacy/purge-expired-records.server";
import { redactUrls } from "~/modules/register-sync/redact-source";
import { REGISTER_SYNC_JOB } from "~/modules/register-sync/sync-job.server";
import { PDF_JOB } from "~/modules/waste-notes/pdf-job.server";
import { EMAIL_JOB } from "~/platform/email/outbox.server";
import { viewPath } from "~/modules/waste-notes/storage-keys";
import { selectClaims } from "~/modules/claims/list-claims.server";
import { selectLeads } from "~/modules/leads/list-leads.server";
import { selectQuoteRequests } from "~/modules/quotes/list-quotes.server";
import { countListings } from "./count-listings.server";

export const RECENT_LIMIT = 5;

export interface DashboardCounts {
  totalListings: number;
  totalListingsEstimated: boolean;
  claimedListings: number;
  pendingClaims: number;
  totalLeads: number;
  quoteRequests: number;
}

export interface PendingClaim {
  id: string;
  registrationNumber: string;
  businessName: string | null;
  contactName: string;
  contactPhone: string;
  contactEmail: string;
  licenseDocumentUrl: string | null;
  subscriptionPlan: string;
  createdAt: string;
}

export interface RecentLead {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  postcode: string;
  loadSize: string | null;
  description: string;
  preferredDate: string | null;
  preferredTime: string | null;
  status: string;
  hasImage: boolean;
  createdAt: string;
}

export interface RecentQuote {
  id: string;
  providerId: string;
  name: string;
  email: string;
  phone: string | null;
  postcode: string | null;
  serviceType: string | null;
  message: string;
  status: string;
  hasImage: boolean;
  createdAt: string;
}

/** A background job that failed after its last attempt, in words an admin can act on. */
export interface FailedJobItem {
  id: string;
  what: string;
  /** Where to see what the job was for (a waste note), when there is a page. */
  href: string | null;
  error: string;
  attempts: number;
  failedAt: string;
}

export interface Dashboard {
  counts: DashboardCounts;
  pendingClaims: PendingClaim[];
  recentLeads: RecentLead[];
  recentQuotes: RecentQuote[];
  failedJobs: { total: number; days: number; items: FailedJobItem[] };
}

const JOB_LABELS: Record<string, string> = {
  [PDF_JOB.type]: "Waste note PDF",
  [EMAIL_JOB.type]: "E-mail",
  [RESET_JOB.type]: "Password reset e-mail",
  [REGISTER_SYNC_JOB.type]: "Register sync",
  [PURGE_JOB.type]: "Purge of expired records",
  [PRUNE_JOB.type]: "Clean-up of expired sessions and links",
  [EXPIRY_REMINDER_JOB.type]: "Registration expiry reminders",
};
export const FAILED_JOBS_DAYS = 7;

/** Jobs that failed for good in the last week (the queue keeps them 30 days). */
export async function getFailedJobs(db: Database, now = new Date()): Promise<Dashboard["failedJobs"]> {
  const since = new Date(now.getTime() - FAILED_JOBS_DAYS * 24 * 60 * 60_000);
  const { total, jobs } = await listFailedJobs(db, { since, limit: 10 });
  return {
    total,
    days: FAILED_JOBS_DAYS,
    items: jobs.map((j) => {
      const noteId = j.type === PDF_JOB.type && typeof j.payload.id === "string" ? j.payload.id : null;
      return {
        id: j.id,
        what: JOB_LABELS[j.type] ?? j.type,
        href: noteId ? viewPath(noteId) : null,
        // An error stored before decision 0264 may name a register source with its secrets.
        error: j.lastError ? redactUrls(j.lastError) : "No error was recorded",
        attempts: j.attempts,
        failedAt: j.failedAt.toISOString(),
      };
    }),
  };
}

export async function getDashboardCounts(db: Database): Promise<DashboardCounts> {
  const listings = await countListings(db);
  const { rows } = await sql<{ claimed: number; pending: number; leads: number; quotes: number }>`SELECT
    (SELECT count(*)::int FROM claimed_listings WHERE verified) AS claimed,
    (SELECT count(*)::int FROM claim_requests WHERE status = 'pending') AS pending,
    (SELECT count(*)::int FROM general_leads) AS leads,
    (SELECT count(*)::int FROM quote_requests) AS quotes`.execute(db);
  const r = rows[0]!;
  return {
    totalListings: listings.value,
    totalListingsEstimated: listings.estimated,
    claimedListings: r.claimed,
    pendingClaims: r.pending,
    totalLeads: r.leads,
    quoteRequests: r.quotes,
  };
}

/** The newest pending claims. */
async function getPendingClaims(db: Database): Promise<Dashboard["pendingClaims"]> {
  const claims = await selectClaims(db)
    .select("c.license_document_url")
    .where("c.status", "=", "pending")
    .orderBy("c.created_at", "desc")
    .orderBy("c.id")
    .limit(RECENT_LIMIT)
    .execute();
  return claims.map((c) => ({
    id: c.id,
    registrationNumber: c.registration_number,
    businessName: c.business_name ?? null,
    contactName: c.contact_name,
    contactPhone: c.contact_phone,
    contactEmail: c.contact_email,
    licenseDocumentUrl: c.license_document_url,
    subscriptionPlan: c.subscription_plan,
    createdAt: c.created_at.toISOString(),
  }));
}

/** The newest general leads. */
async function getRecentLeads(db: Database): Promise<Dashboard["recentLeads"]> {
  const leads = await selectLeads(db)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(RECENT_LIMIT)
    .execute();
  return leads.map((l) => ({
    id: l.id,
    name: l.name,
    email: l.email,
    phone: l.phone,
    postcode: l.postcode,
    loadSize: l.load_size,
    description: l.description,
    preferredDate: l.preferred_date ? dateOnly(l.preferred_date as unknown) : null,
    preferredTime: l.preferred_time,
    status: l.status || "new",
    hasImage: l.has_image,
    createdAt: l.created_at.toISOString(),
  }));
}

/** The newest quote requests. */
async function getRecentQuotes(db: Database): Promise<Dashboard["recentQuotes"]> {
  const quotes = await selectQuoteRequests(db)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(RECENT_LIMIT)
    .execute();
  return quotes.map((q) => ({
    id: q.id,
    providerId: q.provider_id,
    name: q.name,
    email: q.email,
    phone: q.phone,
    postcode: q.postcode,
    serviceType: q.service_type,
    message: q.message,
    status: q.status || "pending",
    hasImage: q.has_image,
    createdAt: q.created_at.toISOString(),
  }));
}

export async function getDashboard(db: Database): Promise<Dashboard> {
  const counts = await getDashboardCounts(db);
  const pendingClaims = await getPendingClaims(db);
  const recentLeads = await getRecentLeads(db);
  const recentQuotes = await getRecentQuotes(db);
  return { counts, failedJobs: await getFailedJobs(db), pendingClaims, recentLeads, recentQuotes };
}

function dateOnly(value: unknown): string {
  return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
}
