/** Customer leads for /admin/leads: newest first, searchable, keyset-paginated. */
import { sql, type Expression, type Selectable, type SqlBool } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { keysetPage, type Page, type PageRequest } from "~/platform/db/keyset-page.server";
import type { GeneralLeadsTable } from "~/platform/db/schema";

/** A lead as the admin sees it: its columns, with whether it has a photo. */
export type LeadRow = Omit<Selectable<GeneralLeadsTable>, "image_key"> & { has_image: boolean };

/** The leads with the columns the admin shows (this list and the dashboard's newest five). */
export function selectLeads(db: Database) {
  return db
    .selectFrom("general_leads")
    .select([
      "id",
      "name",
      "email",
      "phone",
      "postcode",
      "load_size",
      "description",
      "preferred_date",
      "preferred_time",
      "status",
      "created_at",
    ])
    .select(sql<boolean>`image_key IS NOT NULL`.as("has_image"));
}

/** The admin's search (an ILIKE pattern) over a lead's name, e-mail, postcode, phone and text. */
export function leadSearch(pattern: string): Expression<SqlBool> {
  return sql<SqlBool>`(name || ' ' || email || ' ' || postcode || ' ' || coalesce(phone, '') || ' ' || description) ILIKE ${pattern}`;
}

export function listLeads(db: Database, req: PageRequest = {}): Promise<Page<LeadRow>> {
  return keysetPage(req, ({ search, window, dir, limit }) => {
    let query = selectLeads(db);
    if (search) query = query.where(leadSearch(search));
    if (window) query = query.where(window);
    return query.orderBy("created_at", dir).orderBy("id", dir).limit(limit).execute() as Promise<LeadRow[]>;
  });
}
