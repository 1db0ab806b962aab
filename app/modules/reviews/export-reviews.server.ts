/**
 * /admin/verifications.csv: the review moderation queue (every pending review), oldest first as
 * the page lists it, read in keyset batches (decision 0806). Its last column marks a review from
 * the business's own mailbox, as the page does (decision 0261).
 */
import type { Database } from "~/platform/db/database.server";
import { csvDateTime, mapBatches, type CsvExport } from "~/platform/csv";
import { keysetQueryBatches } from "~/platform/db/keyset-query-batches.server";
import { selectPendingReviews, withOwnerMark } from "./moderate-review.server";
import { FROM_OWNER_CSV, FROM_OWNER_LABEL } from "./own-business";

const COLUMNS = [
  "Submitted",
  "Provider",
  "Business name",
  "Reviewer name",
  "Reviewer email",
  "Rating",
  "Review",
  "Status",
  FROM_OWNER_LABEL,
];

export function exportPendingReviews(db: Database, options: { batchSize?: number } = {}): CsvExport {
  const rows = keysetQueryBatches(
    selectPendingReviews(db),
    { createdAt: "r.created_at", id: "r.id" },
    { ...options, dir: "asc" },
  );
  return {
    name: "reviews",
    columns: COLUMNS,
    batches: mapBatches(rows, (r) => {
      const mark = withOwnerMark(r).from_owner;
      return [
        csvDateTime(r.created_at),
        r.provider_id,
        r.business_name,
        r.reviewer_name,
        r.reviewer_email,
        String(r.rating),
        r.review_text,
        "Pending",
        mark ? FROM_OWNER_CSV[mark] : "",
      ];
    }),
  };
}
