/**
 * Past Waste Notes: the search and the filters (collection days, hazardous, customer, status) in
 * one GET form, so it works without JavaScript and the URL can be shared (decision 0713), and the
 * line that says how many notes are shown.
 */
import { Search } from "lucide-react";
import { Form, Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/form";
import {
  hasFilters,
  NOTE_STATUS_LABELS,
  NOTE_STATUSES,
  type PastNotesErrors,
  type PastNotesFilters,
} from "~/modules/waste-notes/past-notes-filters";

function countLine(filters: PastNotesFilters, total: number, matching: number): string {
  const notes = `${total === 1 ? "note" : "notes"}`;
  if (!hasFilters(filters)) return `Showing ${total} ${notes}`;
  const onlySearch = filters.q && !hasFilters({ ...filters, q: "" });
  return onlySearch
    ? `${matching} of ${total} ${notes} match "${filters.q}"`
    : `${matching} of ${total} ${notes} match${filters.q ? ` "${filters.q}" and` : ""} the filters`;
}

function FilterFields({ filters, errors }: { filters: PastNotesFilters; errors: PastNotesErrors }) {
  return (
    <fieldset className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <legend className="sr-only">Filters</legend>
      <Field label="Collected from" errors={errors.from}>
        {(p) => <Input {...p} name="from" type="date" defaultValue={filters.from} />}
      </Field>
      <Field label="Collected to" errors={errors.to}>
        {(p) => <Input {...p} name="to" type="date" defaultValue={filters.to} />}
      </Field>
      <Field label="Hazardous">
        {(p) => (
          <Select {...p} name="hazardous" defaultValue={filters.hazardous}>
            <option value="">Any</option>
            <option value="yes">Hazardous</option>
            <option value="no">Not hazardous</option>
          </Select>
        )}
      </Field>
      <Field label="Status">
        {(p) => (
          <Select {...p} name="status" defaultValue={filters.status}>
            <option value="">Any</option>
            {NOTE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {NOTE_STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Customer" className="col-span-2 sm:col-span-1">
        {(p) => (
          <Input {...p} name="customer" defaultValue={filters.customer} maxLength={200} placeholder="Name" />
        )}
      </Field>
    </fieldset>
  );
}

export function NotesSearch({
  filters,
  errors,
  total,
  matching,
  page,
  pages,
}: {
  filters: PastNotesFilters;
  errors: PastNotesErrors;
  total: number;
  matching: number;
  page: number;
  pages: number;
}) {
  return (
    <>
      <Form method="get" role="search" className="mt-6" aria-label="Search and filter waste notes">
        <div className="flex gap-2">
          <label htmlFor="notes-search" className="sr-only">
            Search waste notes
          </label>
          <div className="relative flex-1">
            <Search
              aria-hidden
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
            />
            <Input
              id="notes-search"
              type="search"
              name="q"
              defaultValue={filters.q}
              maxLength={200}
              placeholder="Search by description, EWC code, waste type, or address..."
              className="pl-9"
            />
          </div>
          <button type="submit" className={buttonVariants({ variant: "outline", size: "md" })}>
            Search
          </button>
        </div>
        <FilterFields filters={filters} errors={errors} />
        <div className="mt-3 flex flex-wrap gap-2">
          <button type="submit" className={buttonVariants({ variant: "outline", size: "sm" })}>
            Apply filters
          </button>
          {hasFilters(filters) ? (
            <Link to="/company/waste-notes" className={buttonVariants({ variant: "ghost", size: "sm" })}>
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>
      <p className="mt-3 text-sm text-slate-700" role="status" data-testid="result-count">
        {countLine(filters, total, matching)}
        {pages > 1 ? ` · page ${page} of ${pages}` : ""}
      </p>
    </>
  );
}
