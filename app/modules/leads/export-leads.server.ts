/**
 * /admin/leads.csv: every lead the list's search finds, newest first, read in keyset batches
 * (decision 0806). The columns are what the list and its details dialog show.
 */
import type { Database } from "~/platform/db/database.server";
import { csvDate, csvDateTime, mapBatches, type CsvExport } from "~/platform/csv";
import { keysetQueryBatches } from "~/platform/db/keyset-query-batches.server";
import { likePattern } from "~/platform/db/like";
import { loadSizeLabel } from "./constants";
import { leadSearch, selectLeads } from "./list-leads.server";

const COLUMNS = [
  "Submitted",
  "Name",
  "Email",
  "Phone",
  "Postcode",
  "Load size",
  "Preferred date",
  "Preferred time",
  "Status",
  "Description",
  "Image attached",
];

export function exportLeads(
  db: Database,
  filters: { q?: string },
  options: { batchSize?: number } = {},
): CsvExport {
  const q = filters.q?.trim().slice(0, 100) ?? "";
  const query = selectLeads(db).$if(!!q, (qb) => qb.where(leadSearch(likePattern(q))));
  const rows = keysetQueryBatches(query, { createdAt: "created_at", id: "id" }, options);
  return {
    name: "leads",
    columns: COLUMNS,
    batches: mapBatches(rows, (l) => [
      csvDateTime(l.created_at),
      l.name,
      l.email,
      l.phone ?? "",
      l.postcode,
      l.load_size ? loadSizeLabel(l.load_size) : "",
      csvDate(l.preferred_date),
      l.preferred_time || "asap",
      l.status || "new",
      l.description,
      l.has_image ? "Yes" : "No",
    ]),
  };
}
