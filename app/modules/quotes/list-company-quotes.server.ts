/**
 * A listing's quote requests for its owner (/company/quotes, decision 0604): newest first,
 * keyset-paged, optionally one carrier status, with how many there are in each status.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { keysetPage, type Page } from "~/platform/db/keyset-page.server";
import { CARRIER_STATUSES, type CarrierStatus } from "./carrier-status";

export interface CompanyQuote {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  postcode: string | null;
  service_type: string | null;
  message: string;
  created_at: Date;
  carrier_status: CarrierStatus;
  carrier_notes: string | null;
  carrier_updated_at: Date | null;
  has_image: boolean;
}

export const COMPANY_QUOTES_PAGE = 20;

export function listCompanyQuotes(
  db: Database,
  registrationNumber: string,
  req: { status?: CarrierStatus | null; after?: string | null; before?: string | null; limit?: number },
): Promise<Page<CompanyQuote>> {
  return keysetPage(
    { after: req.after, before: req.before, limit: req.limit ?? COMPANY_QUOTES_PAGE },
    (w) => {
      let query = db
        .selectFrom("quote_requests")
        .select([
          "id",
          "name",
          "email",
          "phone",
          "postcode",
          "service_type",
          "message",
          "created_at",
          "carrier_status",
          "carrier_notes",
          "carrier_updated_at",
        ])
        .select(sql<boolean>`image_key IS NOT NULL`.as("has_image"))
        .where("provider_id", "=", registrationNumber);
      if (req.status) query = query.where("carrier_status", "=", req.status);
      if (w.window) query = query.where(w.window);
      return query.orderBy("created_at", w.dir).orderBy("id", w.dir).limit(w.limit).execute();
    },
  );
}

/** How many of the listing's quote requests are in each carrier status. */
export async function countCompanyQuotes(
  db: Database,
  registrationNumber: string,
): Promise<Record<CarrierStatus, number>> {
  const rows = await db
    .selectFrom("quote_requests")
    .select(["carrier_status", (eb) => eb.fn.countAll<string>().as("n")])
    .where("provider_id", "=", registrationNumber)
    .groupBy("carrier_status")
    .execute();
  const counts = Object.fromEntries(CARRIER_STATUSES.map((s) => [s, 0])) as Record<CarrierStatus, number>;
  for (const r of rows) counts[r.carrier_status] = Number(r.n);
  return counts;
}
