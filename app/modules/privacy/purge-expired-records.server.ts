/**
 * Keeps the promises of the privacy notice (app/content/legal/privacy.tsx, "How long we keep
 * it"), run daily as a job:
 * - quote leads, provider quote requests (and their photos), messages to us and carrier
 *   reports: 12 months from when they were sent;
 * - copies of sent or failed e-mails in the outbox (they repeat those messages): 90 days;
 * - decided claim requests (with their licence documents) and the audit log of who decided: 6 years
 *   (a claim never approved goes sooner, with its claimant's account: decision 0271);
 * - reviews waiting for their writer's confirmation: 7 days after their link expired (decision 0250).
 * Sessions, links and rate-limit counters are pruned by the accounts module.
 */
import { licenceFolder } from "~/modules/claims/licence-document.server";
import { deletePhoto } from "~/modules/leads/photo.server";
import { pruneUnconfirmedReviews } from "~/modules/reviews/prune-unconfirmed-reviews.server";
import type { Database } from "~/platform/db/database.server";
import { defineJob, JOB_PRIORITY, triggerOnlyPayload } from "~/platform/jobs/job-definition.server";
import type { Storage } from "~/platform/storage/storage.server";

/** Daily, at 03:45 UTC (jobs.server.ts). */
export const PURGE_JOB = defineJob({
  type: "privacy.purge",
  payload: triggerOnlyPayload,
  bulk: true,
  priority: JOB_PRIORITY.low,
});

export const RETENTION = { messagesMonths: 12, outboxDays: 90, decisionsYears: 6 } as const;

export interface PurgeCounts {
  leads: number;
  quoteRequests: number;
  contactMessages: number;
  carrierReports: number;
  emails: number;
  claimRequests: number;
  auditEntries: number;
  unconfirmedReviews: number;
  photos: number;
  /** Licence documents of the claims deleted (decision 0271). */
  documents: number;
}

function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

export async function purgeExpiredRecords(
  db: Database,
  storage: Pick<Storage, "delete" | "deletePrefix">,
  now = new Date(),
  onFileError: (key: string, error: unknown) => void = () => {},
): Promise<PurgeCounts> {
  const messagesBefore = monthsBefore(now, RETENTION.messagesMonths);
  const outboxBefore = new Date(now.getTime() - RETENTION.outboxDays * 24 * 60 * 60 * 1000);
  const decisionsBefore = monthsBefore(now, RETENTION.decisionsYears * 12);

  const leads = await db
    .deleteFrom("general_leads")
    .where("created_at", "<", messagesBefore)
    .returning("image_key")
    .execute();
  const quotes = await db
    .deleteFrom("quote_requests")
    .where("created_at", "<", messagesBefore)
    .returning("image_key")
    .execute();
  const contact = await db
    .deleteFrom("contact_messages")
    .where("created_at", "<", messagesBefore)
    .executeTakeFirst();
  const reports = await db
    .deleteFrom("carrier_reports")
    .where("created_at", "<", messagesBefore)
    .executeTakeFirst();
  const emails = await db
    .deleteFrom("email_outbox")
    .where("status", "in", ["sent", "failed"])
    .where("created_at", "<", outboxBefore)
    .executeTakeFirst();
  const claims = await db
    .deleteFrom("claim_requests")
    .where("status", "in", ["approved", "rejected"])
    .where("updated_at", "<", decisionsBefore)
    .returning(["id", "license_document_key"])
    .execute();
  const audit = await db.deleteFrom("audit_log").where("created_at", "<", decisionsBefore).executeTakeFirst();
  const unconfirmedReviews = await pruneUnconfirmedReviews(db, now);

  // The rows are gone first: a file that cannot be deleted now is reported, and is no longer
  // reachable through any page (photos and documents are only served for an existing row).
  let photos = 0;
  for (const { image_key: key } of [...leads, ...quotes]) {
    if (!key) continue;
    try {
      await deletePhoto(storage, key);
      photos++;
    } catch (error) {
      onFileError(key, error);
    }
  }
  let documents = 0;
  for (const claim of claims) {
    if (!claim.license_document_key) continue;
    const folder = licenceFolder(claim.id);
    try {
      await storage.deletePrefix(folder);
      documents++;
    } catch (error) {
      onFileError(folder, error);
    }
  }
  return {
    leads: leads.length,
    quoteRequests: quotes.length,
    contactMessages: Number(contact.numDeletedRows),
    carrierReports: Number(reports.numDeletedRows),
    emails: Number(emails.numDeletedRows),
    claimRequests: claims.length,
    auditEntries: Number(audit.numDeletedRows),
    unconfirmedReviews,
    photos,
    documents,
  };
}
