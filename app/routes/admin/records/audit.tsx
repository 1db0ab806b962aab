/**
 * /admin/audit: the audit log. Every recorded admin and owner action that changed data, newest
 * first, keyset-paged, filtered by actor e-mail, action, subject (kind and id) and UK days
 * (decision 0804). Read only.
 */
import { AuditEntryList } from "~/components/admin/audit/audit-entry-list";
import { AuditFiltersForm } from "~/components/admin/audit/audit-filters-form";
import { FilteredListPage } from "~/components/admin/filtered-list-page";
import { hasAuditFilters, parseAuditFilters } from "~/modules/audit/audit-filters";
import { listAuditLog } from "~/modules/audit/list-audit-log.server";
import { getApp } from "~/web/context";
import { loadFilteredList } from "~/web/filtered-list.server";
import { requireAdmin } from "~/web/guards.server";
import { adminMeta } from "~/web/meta";
import type { Route } from "./+types/audit";

export const meta = () => adminMeta("Audit Log");

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  return loadFilteredList(
    context,
    url,
    parseAuditFilters(url.searchParams),
    (p, req) => listAuditLog(getApp(context).db, p.filters, req, p.bounds),
    "the audit log",
  );
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { filters, errors } = loaderData;
  return (
    <FilteredListPage
      title="Audit Log"
      description="Who changed what and when: claims, listings, plans, reviews, enquiries, waste notes, syncs and administrators. Newest first."
      list={loaderData}
      filtered={hasAuditFilters(filters)}
      empty={{
        invalid: "Correct the filters above to see the log.",
        unmatched: "No entries match these filters.",
        none: "Nothing has been recorded yet.",
      }}
      form={<AuditFiltersForm filters={filters} errors={errors} />}
    >
      {(rows, empty) => <AuditEntryList rows={rows} empty={empty} />}
    </FilteredListPage>
  );
}
