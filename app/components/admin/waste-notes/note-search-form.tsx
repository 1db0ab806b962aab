/** The admin's waste note search: a GET form (works without JavaScript), one column on a phone. */
import { Search } from "lucide-react";
import {
  AdminFilterForm,
  DayRangeFields,
  FilterFields,
  type FilterFieldSpec,
} from "~/components/admin/filter-form";
import { Field, Input } from "~/components/ui/form";
import type { NoteSearchErrors, NoteSearchFilters } from "~/modules/waste-notes/note-search-filters";

const FIELDS: FilterFieldSpec<keyof NoteSearchFilters>[] = [
  { name: "number", label: "Note number", hint: "The first 8 characters of the note's id", maxLength: 40 },
  { name: "carrier", label: "Carrier", hint: "Name or registration number", maxLength: 200 },
  { name: "ewc", label: "EWC code", hint: "e.g. 17 09 04, or a chapter: 17", maxLength: 20 },
];

export function NoteSearchForm({
  filters,
  errors,
}: {
  filters: NoteSearchFilters;
  errors: NoteSearchErrors;
}) {
  return (
    <AdminFilterForm
      label="Search waste notes"
      role="search"
      submit={{ icon: Search, text: "Search" }}
      clear={{ to: "/admin/waste-notes", text: "Clear" }}
    >
      <FilterFields fields={FIELDS} values={filters} errors={errors} />
      <DayRangeFields values={filters} errors={errors} />
      {filters.company || errors.company ? (
        <Field label="Company (registration number)" errors={errors.company}>
          {(p) => <Input {...p} name="company" type="search" defaultValue={filters.company} maxLength={40} />}
        </Field>
      ) : null}
    </AdminFilterForm>
  );
}
