/**
 * /admin/quote-requests.csv: every quote request the list's search finds, newest first, read in
 * keyset batches (decision 0806). The columns are what the list and its details dialog show.
 */
import type { Database } from "~/platform/db/database.server";
import { csvDateTime, mapBatches, type CsvExport } from "~/platform/csv";
import { keysetQueryBatches } from "~/platform/db/keyset-query-batches.server";
import { likePattern } from "~/platform/db/like";
import { quoteSearch, selectQuoteRequests } from "./list-quotes.server";

const COLUMNS = [
  "Submitted",
  "Provider",
  "Name",
  "Email",
  "Phone",
  "Postcode",
  "Service type",
  "Status",
  "Message",
  "Image attached",
];

export function exportQuoteRequests(
  db: Database,
  filters: { q?: string },
  options: { batchSize?: number } = {},
): CsvExport {
  const q = filters.q?.trim().slice(0, 100) ?? "";
  const query = selectQuoteRequests(db).$if(!!q, (qb) => qb.where(quoteSearch(likePattern(q))));
  const rows = keysetQueryBatches(query, { createdAt: "created_at", id: "id" }, options);
  return {
    name: "quote-requests",
    columns: COLUMNS,
    batches: mapBatches(rows, (r) => [
      csvDateTime(r.created_at),
      r.provider_id,
      r.name || "Unknown",
      r.email,
      r.phone ?? "",
      r.postcode ?? "",
      r.service_type ?? "",
      r.status || "pending",
      r.message,
      r.has_image ? "Yes" : "No",
    ]),
  };
}
