/**
 * /admin/listings.csv and /admin/providers.csv: the claimed listings the page's filters find
 * (search on Listings; status and plan on Providers), newest first, read in keyset batches
 * (decision 0806).
 */
import type { Database } from "~/platform/db/database.server";
import { csvDate, csvDateTime, mapBatches, type CsvExport } from "~/platform/csv";
import { keysetBatches } from "~/platform/db/keyset-batches.server";
import { periodLabel, planLabel } from "./constants";
import { filteredListings, toListingRow, type ListingFilters, type ListingRow } from "./list-listings.server";

const COLUMNS = [
  "Claimed",
  "Registration number",
  "Business name",
  "Company name",
  "Owner email",
  "Listing email",
  "Phone",
  "Website",
  "Status",
  "Plan",
  "Period",
  "Free trial",
  "Start date",
  "End date",
  "Upgrade requested",
];

function listingStatus(l: ListingRow): string {
  if (l.suspendedAt) return "Suspended";
  return l.verified ? "Verified" : "Unverified";
}

export function exportListings(
  db: Database,
  filters: Omit<ListingFilters, "upgradeRequested"> & { name: "listings" | "providers" },
  options: { batchSize?: number } = {},
): CsvExport {
  const { name, ...where } = filters;
  const rows = keysetBatches(
    { createdAt: "cl.created_at", id: "cl.id" },
    ({ cursor, window, dir, limit }) => {
      let query = filteredListings(db, where).select(cursor);
      if (window) query = query.where(window);
      return query.orderBy("cl.created_at", dir).orderBy("cl.id", dir).limit(limit).execute();
    },
    options,
  );
  return {
    name,
    columns: COLUMNS,
    batches: mapBatches(rows, (row) => {
      const l = toListingRow(row);
      return [
        csvDateTime(l.createdAt),
        l.registrationNumber,
        l.businessName,
        l.companyName ?? "",
        l.ownerEmail ?? "",
        l.email ?? "",
        l.phone ?? "",
        l.website ?? "",
        listingStatus(l),
        planLabel(l.plan),
        periodLabel(l.period),
        l.freeTrial ? "Yes" : "No",
        csvDate(l.startDate),
        csvDate(l.endDate),
        l.upgradeRequest ? `Yes (${periodLabel(l.upgradeRequest.period).toLowerCase()})` : "No",
      ];
    }),
  };
}
