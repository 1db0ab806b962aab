/**
 * /admin/claim-requests.csv: the claims of the list's status tab that its search finds, newest
 * first, read in keyset batches (decision 0806).
 */
import type { Database } from "~/platform/db/database.server";
import type { ClaimStatus } from "~/platform/db/schema";
import { csvDateTime, mapBatches, type CsvExport } from "~/platform/csv";
import { keysetQueryBatches } from "~/platform/db/keyset-query-batches.server";
import { periodLabel, planLabel } from "./constants";
import { filteredClaims } from "./list-claims.server";

const COLUMNS = [
  "Submitted",
  "Registration number",
  "Business name",
  "Contact name",
  "Contact email",
  "Contact phone",
  "Plan",
  "Period",
  "Status",
];

export function exportClaims(
  db: Database,
  filters: { status: ClaimStatus; q?: string },
  options: { batchSize?: number } = {},
): CsvExport {
  const search = filters.q?.trim().slice(0, 100);
  const rows = keysetQueryBatches(
    filteredClaims(db, { status: filters.status, search }),
    { createdAt: "c.created_at", id: "c.id" },
    options,
  );
  return {
    name: "claim-requests",
    columns: COLUMNS,
    batches: mapBatches(rows, (c) => [
      csvDateTime(c.created_at),
      c.registration_number,
      c.business_name ?? "",
      c.contact_name,
      c.contact_email,
      c.contact_phone,
      planLabel(c.subscription_plan),
      periodLabel(c.subscription_period),
      c.status,
    ]),
  };
}
