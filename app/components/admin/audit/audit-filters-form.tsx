/** The audit log's filters: a GET form (works without JavaScript), one column on a phone. */
import { Filter } from "lucide-react";
import {
  AdminFilterForm,
  DayRangeFields,
  FilterFields,
  type FilterFieldSpec,
} from "~/components/admin/filter-form";
import { AUDIT_ACTIONS, AUDIT_SUBJECTS } from "~/modules/audit/audit-actions";
import type { AuditFilterErrors, AuditFilters } from "~/modules/audit/audit-filters";

const FIELDS: FilterFieldSpec<keyof AuditFilters>[] = [
  { name: "actor", label: "Actor (e-mail)", maxLength: 254, placeholder: "admin@example.com" },
  { name: "action", label: "Action", any: "All actions", options: AUDIT_ACTIONS },
  { name: "entity", label: "Subject", any: "Any subject", options: AUDIT_SUBJECTS },
  { name: "subject", label: "Subject id", hint: "The record's id, as its link shows it", maxLength: 100 },
];

export function AuditFiltersForm({ filters, errors }: { filters: AuditFilters; errors: AuditFilterErrors }) {
  return (
    <AdminFilterForm
      label="Filter the audit log"
      submit={{ icon: Filter, text: "Filter" }}
      clear={{ to: "/admin/audit", text: "Clear filters" }}
    >
      <FilterFields fields={FIELDS} values={filters} errors={errors} />
      <DayRangeFields values={filters} errors={errors} />
    </AdminFilterForm>
  );
}
