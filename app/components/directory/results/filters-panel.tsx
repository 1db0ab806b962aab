import { SlidersHorizontalIcon } from "~/components/ui/icons/sliders-horizontal";
import { XIcon } from "~/components/ui/icons/x";
import { FILTERS_ANCHOR } from "../anchors";
import { activeFilterCount, SearchFilters, type SearchFiltersProps } from "../search-filters";

/**
 * The filters: a column beside the results on a desktop; on a phone, a sheet behind the
 * "Filters" link (FiltersButton). The sheet opens with the page's #filters target, so it works
 * without JavaScript too, and the results stay on the first screen.
 */
export function FiltersPanel(props: SearchFiltersProps & { filtersKey: string }) {
  const { filtersKey, ...filters } = props;
  return (
    <aside
      id={FILTERS_ANCHOR}
      aria-label="Filters"
      className="hidden target:fixed target:inset-0 target:z-50 target:block target:overflow-y-auto target:bg-slate-50 target:p-4 lg:sticky lg:top-24 lg:block lg:self-start lg:target:static lg:target:bg-transparent lg:target:p-0"
    >
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <div className="mb-4 flex items-center justify-between lg:hidden">
          <h2 className="text-lg font-semibold text-slate-900">Filters</h2>
          <a
            href="#results"
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50"
          >
            <XIcon aria-hidden className="h-4 w-4" /> Done
          </a>
        </div>
        <SearchFilters key={filtersKey} {...filters} />
      </div>
    </aside>
  );
}

/** The phone's way into the filters, with how many differ from the defaults. */
export function FiltersButton(props: Omit<SearchFiltersProps, "action" | "query" | "showServices">) {
  const active = activeFilterCount(props);
  return (
    <a
      href={`#${FILTERS_ANCHOR}`}
      className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50 lg:hidden"
    >
      <SlidersHorizontalIcon aria-hidden className="h-4 w-4" />
      {active ? `Filters (${active})` : "Filters"}
    </a>
  );
}
