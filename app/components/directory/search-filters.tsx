import { SlidersHorizontalIcon } from "~/components/ui/icons/sliders-horizontal";
import { Form, useNavigate } from "react-router";
import {
  DEFAULT_RADIUS_MILES,
  SEARCH_RADII,
  SEARCH_SORT_LABELS,
  SEARCH_TIER_LABELS,
  SERVICE_TYPES,
  type SearchSort,
  type SearchTier,
  type SearchType,
} from "~/modules/directory/constants";
import { defaultHideExpired, defaultSort } from "~/modules/directory/search-input";
import { FILTERS_ANCHOR } from "./anchors";

const LABEL = "mb-1.5 block text-sm font-semibold text-slate-900";
const SELECT =
  "h-10 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";
// Its alignment stays a utility of its own: the classes of an element never contradict (decision 0223).
const OPTION_ROW = "choice items-center";

/** The place a search is around, kept by the filters: a typed place or a position, and the radius. */
export interface FilterPlace {
  near?: string;
  lat?: number;
  lng?: number;
  radius: number;
}

export interface SearchFiltersProps {
  action: string;
  query: string;
  type: SearchType;
  services: string[];
  sort: SearchSort;
  hideExpired: boolean;
  tier: SearchTier;
  showServices: boolean;
  /** A search around a place: the radius filter and the 'Nearest first' sort are offered. */
  place?: FilterPlace | null;
}

/** How many filters differ from the defaults, for the phone's "Filters (2)" button. */
export function activeFilterCount(p: Omit<SearchFiltersProps, "action" | "query" | "showServices">): number {
  const sortDefault = defaultSort(p.type, !!p.place);
  return (
    p.services.length +
    (p.sort !== sortDefault ? 1 : 0) +
    (p.tier !== "any" ? 1 : 0) +
    (p.hideExpired !== defaultHideExpired(p.type, !!p.place) ? 1 : 0) +
    (p.place && p.place.radius !== DEFAULT_RADIUS_MILES ? 1 : 0)
  );
}

function SortField({ sort, aroundPlace }: { sort: SearchSort; aroundPlace: boolean }) {
  const sorts = (Object.keys(SEARCH_SORT_LABELS) as SearchSort[]).filter(
    (s) => aroundPlace || s !== "distance",
  );
  return (
    <div>
      <label htmlFor="sort" className={LABEL}>
        Sort by
      </label>
      <select id="sort" name="sort" defaultValue={sort} className={SELECT}>
        {sorts.map((s) => (
          <option key={s} value={s}>
            {SEARCH_SORT_LABELS[s]}
          </option>
        ))}
      </select>
    </div>
  );
}

function RadiusField({ radius }: { radius: number }) {
  const radii: number[] = [...SEARCH_RADII];
  if (!radii.includes(radius)) radii.push(radius);
  return (
    <div>
      <label htmlFor="radius" className={LABEL}>
        Distance
      </label>
      <select id="radius" name="radius" defaultValue={String(radius)} className={SELECT}>
        {radii.map((r) => (
          <option key={r} value={r}>
            Within {r} miles
          </option>
        ))}
      </select>
    </div>
  );
}

function StatusField({ hideExpired }: { hideExpired: boolean }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-900">Registration status</legend>
      {/* Sent when the box is unticked, so that 'show expired' is kept without JavaScript too. */}
      <input type="hidden" name="hideExpired" value="0" />
      <label className="choice items-start">
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
  );
}

function TierField({ tier }: { tier: SearchTier }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-semibold text-slate-900">Registration tier</legend>
      <div className="flex flex-wrap gap-x-3 gap-y-0.5 lg:flex-col">
        {(Object.keys(SEARCH_TIER_LABELS) as SearchTier[]).map((t) => (
          <label key={t} className={OPTION_ROW}>
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
  );
}

function ServicesField({ services }: { services: string[] }) {
  const extra = services.filter((s) => !(SERVICE_TYPES as readonly string[]).includes(s));
  return (
    <fieldset>
      <legend className="mb-2 flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <SlidersHorizontalIcon aria-hidden className="h-4 w-4" /> Services
      </legend>
      <p className="mb-2 text-xs text-slate-600">Show carriers offering any of the chosen services.</p>
      <div className="grid grid-cols-2 gap-x-2 gap-y-0.5 sm:grid-cols-3 lg:grid-cols-1">
        {[...SERVICE_TYPES, ...extra].map((s) => (
          <label key={s} className={OPTION_ROW}>
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
  );
}

/** The search the filters apply to: its query, type and place travel with every change. */
function KeptFields({
  action,
  query,
  type,
  place,
}: Pick<SearchFiltersProps, "action" | "query" | "type" | "place">) {
  const onRoot = action === "/search-results";
  return (
    <>
      {onRoot && query ? <input type="hidden" name="query" value={query} /> : null}
      {type !== (onRoot ? "all" : "location") ? <input type="hidden" name="type" value={type} /> : null}
      {place?.near ? <input type="hidden" name="near" value={place.near} /> : null}
      {!place?.near && place?.lat !== undefined && place.lng !== undefined ? (
        <>
          <input type="hidden" name="lat" value={place.lat} />
          <input type="hidden" name="lng" value={place.lng} />
        </>
      ) : null}
    </>
  );
}

/**
 * Sort select, the radius around a place, the registration filters (hide expired registrations,
 * tier) and the services filter (hidden for registration searches). Without JavaScript the Apply
 * button submits a plain GET form; with it every change submits at once. The services are sent
 * as one comma-separated 'services' parameter, defaults are left out of the URL, and a change
 * goes back to page 1.
 */
export function SearchFilters(props: SearchFiltersProps) {
  const { action, type, place } = props;
  const navigate = useNavigate();
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const params = new URLSearchParams();
    // Later values win: the checkbox's 'hideExpired=1' after the hidden 'hideExpired=0'.
    for (const [k, v] of data.entries()) if (k !== "service") params.set(k, String(v));
    const chosen = data.getAll("service").map(String);
    if (chosen.length) params.set("services", chosen.join(","));
    if (params.get("sort") === defaultSort(type, !!place)) params.delete("sort");
    if (params.get("tier") === "any") params.delete("tier");
    if (params.get("radius") === String(DEFAULT_RADIUS_MILES)) params.delete("radius");
    if ((params.get("hideExpired") === "1") === defaultHideExpired(type, !!place))
      params.delete("hideExpired");
    // On a phone the filters are a sheet open while the URL targets it: a change keeps it open.
    const hash = window.location.hash === `#${FILTERS_ANCHOR}` ? window.location.hash : "";
    void navigate(`${action}?${params.toString()}${hash}`, { preventScrollReset: true });
  };
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
      <KeptFields action={action} query={props.query} type={type} place={place} />
      <SortField sort={props.sort} aroundPlace={!!place} />
      {place ? <RadiusField radius={place.radius} /> : null}
      <StatusField hideExpired={props.hideExpired} />
      <TierField tier={props.tier} />
      {props.showServices ? <ServicesField services={props.services} /> : null}
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
