/** Provider quote requests for /admin/quote-requests: newest first, searchable, keyset-paginated. */
import { sql, type Expression, type Selectable, type SqlBool } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { keysetPage, type Page, type PageRequest } from "~/platform/db/keyset-page.server";
import type { QuoteRequestsTable } from "~/platform/db/schema";

/** A quote request as the admin sees it: its columns, with whether it has a photo. */
export type QuoteRow = Omit<Selectable<QuoteRequestsTable>, "image_key"> & { has_image: boolean };

/** The quote requests with the columns the admin shows (this list and the dashboard's newest five). */
export function selectQuoteRequests(db: Database) {
  return db
    .selectFrom("quote_requests")
    .select([
      "id",
      "provider_id",
      "name",
      "email",
      "phone",
      "postcode",
      "service_type",
      "message",
      "status",
      "created_at",
    ])
    .select(sql<boolean>`image_key IS NOT NULL`.as("has_image"));
}

/** The admin's search (an ILIKE pattern) over a request's contact, provider, service and message. */
export function quoteSearch(pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`(name || ' ' || email || ' ' || coalesce(postcode, '') || ' ' || provider_id || ' ' || coalesce(phone, '') || ' ' || coalesce(service_type, '') || ' ' || message) ILIKE ${pattern}`;
}

export function listQuoteRequests(db: Database, req: PageRequest = {}): Promise<Page<QuoteRow>> {
  return keysetPage(req, ({ search, window, dir, limit }) => {
    let query = selectQuoteRequests(db);
    if (search) query = query.where(quoteSearch(search));
    if (window) query = query.where(window);
    return query.orderBy("created_at", dir).orderBy("id", dir).limit(limit).execute() as Promise<QuoteRow[]>;
  });
}
