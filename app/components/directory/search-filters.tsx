import { SlidersHorizontal } from "lucide-react";
import { Form, useSubmit } from "react-router";
import {
  SEARCH_SORT_LABELS,
  SEARCH_TIER_LABELS,
  SERVICE_TYPES,
  type SearchSort,
  type SearchTier,
  type SearchType,
} from "~/modules/directory/constants";
import { defaultHideExpired } from "~/modules/directory/search-input";

/**
 * Sort select, the registration filters (hide expired registrations, tier) and the services
 * filter (hidden for registration searches). Without JavaScript the Apply button submits a
 * plain GET form; with it every change submits at once. The services are sent as one
 * comma-separated 'services' parameter, defaults are left out of the URL, and a change goes
 * back to page 1.
 */
export function SearchFilters({
  action,
  query,
  type,
  services,
  sort,
  hideExpired,
  tier,
  showServices,
}: {
  action: string;
  query: string;
  type: SearchType;
  services: string[];
  sort: SearchSort;
  hideExpired: boolean;
  tier: SearchTier;
  showServices: boolean;
}) {
  const submit = useSubmit();
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const data = new FormData(form);
    const params = new URLSearchParams();
    // Later values win: the checkbox's 'hideExpired=1' after the hidden 'hideExpired=0'.
    for (const [k, v] of data.entries()) if (k !== "service") params.set(k, String(v));
    const chosen = data.getAll("service").map(String);
    if (chosen.length) params.set("services", chosen.join(","));
    if (params.get("sort") === "claimed") params.delete("sort");
    if (params.get("tier") === "any") params.delete("tier");
    if ((params.get("hideExpired") === "1") === defaultHideExpired(type)) params.delete("hideExpired");
    void submit(params, { method: "get", action, preventScrollReset: true });
  };
  const extra = [...services].filter((s) => !(SERVICE_TYPES as readonly string[]).includes(s));
  return (
    <Form
      method="get"
      action={action}
      onChange={onChange}
      onSubmit={(e) => {
        e.preventDefault();
        onChange(e);
      }}
      className="space-y-6"
      aria-label="Filter and sort results"
    >
      {action === "/search-results" && query ? <input type="hidden" name="query" value={query} /> : null}
      {type !== (action === "/search-results" ? "all" : "location") ? (
        <input type="hidden" name="type" value={type} />
      ) : null}
      <div>
        <label htmlFor="sort" className="mb-1.5 block text-sm font-semibold text-slate-900">
          Sort by
        </label>
        <select
          id="sort"
          name="sort"
          defaultValue={sort}
          className="h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none"
        >
          {(Object.keys(SEARCH_SORT_LABELS) as SearchSort[]).map((s) => (
            <option key={s} value={s}>
              {SEARCH_SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Registration status</legend>
        {/* Sent when the box is unticked, so that 'show expired' is kept without JavaScript too. */}
        <input type="hidden" name="hideExpired" value="0" />
        <label className="flex cursor-pointer items-start gap-2.5 rounded-md px-1 py-1.5 text-sm text-slate-800 hover:bg-slate-50">
          <input
            type="checkbox"
            name="hideExpired"
            value="1"
            defaultChecked={hideExpired}
            className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-brand-600"
          />
          Hide expired registrations
        </label>
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-900">Registration tier</legend>
        <div className="flex flex-wrap gap-x-3 gap-y-0.5 lg:flex-col">
          {(Object.keys(SEARCH_TIER_LABELS) as SearchTier[]).map((t) => (
            <label
              key={t}
              className="flex cursor-pointer items-center gap-2.5 rounded-md px-1 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
            >
              <input
                type="radio"
                name="tier"
                value={t}
                defaultChecked={tier === t}
                className="h-4 w-4 border-slate-400 accent-brand-600"
              />
              {SEARCH_TIER_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      {showServices ? (
        <fieldset>
          <legend className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-slate-900">
            <SlidersHorizontal aria-hidden className="h-4 w-4" /> Services
          </legend>
          <p className="mb-2 text-xs text-slate-600">Show carriers offering any of the chosen services.</p>
          <div className="grid grid-cols-2 gap-x-2 gap-y-0.5 sm:grid-cols-3 lg:grid-cols-1">
            {[...SERVICE_TYPES, ...extra].map((s) => (
              <label
                key={s}
                className="flex cursor-pointer items-center gap-2.5 rounded-md px-1 py-1.5 text-sm text-slate-800 hover:bg-slate-50"
              >
                <input
                  type="checkbox"
                  name="service"
                  value={s}
                  defaultChecked={services.includes(s)}
                  className="h-4 w-4 rounded border-slate-400 accent-brand-600"
                />
                {s}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <noscript>
        <button
          type="submit"
          className="h-10 w-full rounded-md bg-brand-600 px-4 text-sm font-semibold text-white"
        >
          Apply
        </button>
      </noscript>
    </Form>
  );
}
