import { EyeOffIcon } from "~/components/ui/icons/eye-off";
import { TriangleAlertIcon } from "~/components/ui/icons/triangle-alert";
import { data, useLocation } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { LicencePanel } from "~/components/directory/licence-panel";
import { Pagination } from "~/components/directory/pagination";
import { profileHref } from "~/components/directory/provider-card";
import { FiltersButton, FiltersPanel } from "~/components/directory/results/filters-panel";
import { PlaceNotice } from "~/components/directory/results/place-notice";
import { displayOrder, ResultList } from "~/components/directory/results/result-list";
import { ResultsSearch } from "~/components/directory/search-box";
import { GeneralLeadFormSlot } from "~/components/directory/lead-slot";
import { LazyMap, type MapMarker } from "~/components/map/lazy-map";
import { Alert } from "~/components/ui/alert";
import { cardProvider } from "~/modules/directory/provider";
import { resultPositions } from "~/modules/directory/map-positions.server";
import {
  defaultHideExpired,
  hasExplicitLocation,
  isLicenceCheck,
  numberReadFrom,
  parseSearchInput,
  searchHref,
  type SearchInput,
} from "~/modules/directory/search-input";
import {
  searchProviders,
  type SearchProvider,
  type SearchResult,
} from "~/modules/directory/search-providers.server";
import { agrees, countNumber, countOf, placeLabel } from "~/modules/directory/wording";
import { getApp } from "~/web/context";
import { mapSettings } from "~/web/map-settings.server";
import { pageMeta, socialCardUrl, type PageMeta } from "~/web/meta";
import { loaderHeadersOnly, pageCacheHeaders } from "~/web/page-cache";
import type { Route } from "./+types/search-results";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const url = new URL(request.url);
  const location = params.location?.trim() || null;
  const { input, problems } = parseSearchInput(url.searchParams, location);
  let result: SearchResult | null = null;
  try {
    result = await searchProviders(app.db, input);
  } catch (error) {
    app.log.error({ err: error, input }, "search failed");
  }
  const seo = searchSeo(input, result, location, app.config.publicUrl);
  const found = result?.location?.status === "found" ? result.location : null;
  // Numbered like the cards, positions converted from the register's grid on the server.
  const markers =
    found && result
      ? mapMarkers(displayOrder(result.providers, result.sort === "distance"), firstNumberOf(result))
      : [];
  // The cards' fields only: every uncached page serialises this for hydration.
  const shown = result && { ...result, providers: result.providers.map(cardProvider) };
  return data(
    { input, problems, result: shown, location, seo, markers, map: mapSettings(app.config) },
    result ? { headers: pageCacheHeaders() } : { status: 500 },
  );
}

export const headers = loaderHeadersOnly;

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data?.seo);
}

/** A search's answer apart from its providers (the page's cards have theirs: cardProvider). */
type ResultFacts = Omit<SearchResult, "providers">;

/** "1 provider", "12 providers", "1,000+ providers". */
function countText(result: ResultFacts, one: string, many: string): string {
  return countOf(result.totalCount, one, many, result.countCapped);
}

function placeOf(input: SearchInput): string {
  return input.type === "location" && input.query ? placeLabel(input.query) : "the UK";
}

/**
 * The place a search is around, when it was found, as the visitor named it: "LS1 1AA" (even when
 * the register knows only its sector, LS1 1), "Stoke-on-Trent", "your location".
 */
function nearLabel(result: ResultFacts | null): string | null {
  if (result?.location?.status !== "found") return null;
  const { place } = result.location;
  return place.approximate && place.query ? placeLabel(place.query) : place.label;
}

/** The number of the page's first card: cards and markers go on counting across pages. */
function firstNumberOf(result: ResultFacts): number {
  return (result.currentPage - 1) * result.pageSize + 1;
}

function mapMarkers(providers: SearchProvider[], first: number): MapMarker[] {
  return resultPositions(providers).map((pos) => {
    const p = providers[pos.number - 1]!;
    return {
      n: first + pos.number - 1,
      lat: pos.lat,
      lng: pos.lng,
      title: p.business_name,
      href: profileHref(p.registration_number),
    };
  });
}

/**
 * "12 licensed waste carriers": only registrations in force are licensed, so expired ones shown
 * with them are not counted (decision 0278).
 */
function licensedText(result: ResultFacts, one: string, many: string): string {
  return countOf(result.inForceCount, one, many, result.countCapped);
}

/** '12 licensed rubbish removal services found in Leeds' (spec wording, counted honestly). */
function foundText(result: ResultFacts, place: string): string {
  if (!result.inForceCount) return `No licensed rubbish removal services found in ${place}`;
  return `${licensedText(result, "licensed rubbish removal service", "licensed rubbish removal services")} found in ${place}`;
}

function searchSeo(
  input: SearchInput,
  result: SearchResult | null,
  location: string | null,
  publicUrl: string,
): PageMeta {
  const place = placeOf(input);
  const n = result ? result.totalCount : 0;
  // Only registrations in force are "licensed" (decision 0278).
  const licensed = result ? result.inForceCount : 0;
  const capped = result?.countCapped ?? false;
  let title: string;
  let description: string;
  const near = nearLabel(result);
  if (near && result?.location?.status === "found") {
    const miles = result.location.radiusMiles;
    title = `Licensed waste carriers near ${near}`;
    description =
      licensed > 0
        ? `${countOf(licensed, "licensed waste carrier", "licensed waste carriers", capped)} within ${miles} miles of ${near}, nearest first. Check each carrier's licence and request free quotes.`
        : `No licensed waste carriers within ${miles} miles of ${near}. Try a wider distance or a nearby town.`;
  } else if (input.type === "registration" && input.query) {
    title = `Licence check: ${input.query.toUpperCase()}`;
    description = result?.licence
      ? `${result.licence.business_name} (${result.licence.registration_number}) is on the public register of waste carriers. Check the registration's tier, dates and validity.`
      : `Check waste carrier registration number ${input.query.toUpperCase()} against the public register of waste carriers, brokers and dealers.`;
  } else if (input.type === "location" && input.query) {
    title =
      licensed > 0
        ? `${countOf(licensed, "Licensed Waste Carrier", "Licensed Waste Carriers", capped)} in ${place}`
        : `Licensed Waste Carriers in ${place}`;
    description =
      licensed > 0
        ? `${countOf(licensed, "licensed rubbish removal service", "licensed rubbish removal services", capped)} found in ${place}. Compare registered waste carriers, check their licence and request free quotes.`
        : `No licensed waste carriers found in ${place} yet. Search nearby towns or by postcode to find a registered carrier.`;
  } else if (input.query) {
    title = `Waste carriers matching “${input.query}”`;
    description =
      n > 0
        ? `${countOf(n, "registered waste carrier", "registered waste carriers", capped)} ${agrees(n, "matches", "match", capped)} “${input.query}”. Check each carrier's licence before you hand over your waste.`
        : `No registered waste carriers match “${input.query}”. Try another name, town, postcode or registration number.`;
  } else {
    title = "Find a Licensed Waste Carrier";
    description = `Browse ${countOf(licensed, "licensed waste carrier", "licensed waste carriers", capped)} across the UK. Search by town, postcode, business name or registration number.`;
  }
  // Town pages are the indexable ones; other searches point search engines at the town or root page.
  const canonicalPath =
    location && input.type === "location"
      ? `/search-results/${encodeURIComponent(placeLabel(location))}`
      : "/search-results";
  const isFiltered =
    input.page > 1 ||
    input.services.length > 0 ||
    input.sort !== "claimed" ||
    input.tier !== "any" ||
    input.hideExpired !== defaultHideExpired(input.type, hasExplicitLocation(input)) ||
    hasExplicitLocation(input) ||
    input.radius !== undefined;
  const noindex = (!location && !!input.query) || isFiltered || n === 0;
  // A town page known to the register has its own link preview card (decision 0216).
  const town = location && result?.location?.status === "found" ? result.location.place : null;
  const image = town?.kind === "town" ? socialCardUrl(publicUrl, "town", town.label) : undefined;
  return { title, description, canonical: `${publicUrl}${canonicalPath}`, noindex, image };
}

function ResultsHero({
  heading,
  subtitle,
  input,
}: {
  heading: string;
  subtitle: string | null;
  input: SearchInput;
}) {
  return (
    <section className="bg-gradient-to-br from-brand-700 to-brand-900 text-white">
      <div className="mx-auto max-w-7xl px-4 py-5 sm:px-6 sm:py-10">
        <h1 className="text-2xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
        {/* On a phone the count under the search box says it, nearer the results. */}
        {subtitle ? <p className="mt-2 hidden text-lg text-brand-100 sm:block">{subtitle}</p> : null}
        <div className="mt-4 max-w-4xl sm:mt-6">
          {/* A search around a named place (near=Leeds) shows the place in the box, as a location; a
              number shows as it was typed, with the type chosen for it (decision 0277). */}
          <ResultsSearch
            key={`${input.typed ?? input.query}|${input.askedType ?? input.type}|${input.near ?? ""}`}
            query={input.typed || input.query || input.near || ""}
            type={!input.query && input.near ? "location" : (input.askedType ?? input.type)}
          />
        </div>
      </div>
    </section>
  );
}

function headingOf(input: SearchInput, result: ResultFacts | null): string {
  const near = nearLabel(result);
  if (near) return `Licensed waste carriers near ${near}`;
  if (input.type === "registration" && input.query) return "Registration number search";
  if (input.type === "location" && input.query) return `Waste carriers in ${placeOf(input)}`;
  return input.query ? `Results for “${input.query}”` : "Find a licensed waste carrier";
}

function subtitleOf(input: SearchInput, result: ResultFacts | null): string | null {
  if (!result) return null;
  if (input.type === "registration" && input.query) return `Licence check for ${input.query.toUpperCase()}`;
  if (result.location?.status === "found") {
    const miles = result.location.radiusMiles;
    const around = result.location.place.approximate ? ` of the ${result.location.place.label} area` : "";
    return result.inForceCount
      ? `${licensedText(result, "licensed waste carrier", "licensed waste carriers")} within ${miles} miles${around}`
      : `No licensed waste carriers within ${miles} miles${around}`;
  }
  return foundText(result, placeOf(input));
}

/**
 * A licence check's answer (decision 0277): the number checked, and when it was read out of more
 * text ('Reg: CBDU123456.'), which number that was.
 */
function LicenceAnswer({ input, result }: { input: SearchInput; result: ResultFacts }) {
  const number = result.licenceNumber ?? input.query;
  const readFrom = numberReadFrom(input);
  return (
    <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 sm:pt-8">
      {readFrom ? (
        <p className="mb-3 text-sm text-slate-700" data-testid="number-read-from">
          Showing the licence check for <strong className="font-mono">{number}</strong>, the registration
          number in “{readFrom}”.
        </p>
      ) : null}
      <LicencePanel
        query={number}
        provider={result.licence ?? null}
        removed={result.licenceRemoved ?? null}
        otherRegister={result.otherRegister}
      />
    </div>
  );
}

function LoadError() {
  return (
    <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
      <div className="flex items-start gap-3">
        <TriangleAlertIcon aria-hidden className="h-6 w-6 shrink-0" />
        <div>
          <h2 className="text-lg font-semibold">Error Loading Results</h2>
          <p className="mt-1 text-sm">Could not fetch provider information. Please try again later.</p>
        </div>
      </div>
    </div>
  );
}

function HiddenExpired({ result, showHref }: { result: ResultFacts; showHref: string }) {
  if (result.hiddenExpired <= 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2.5 text-sm text-slate-800">
      <EyeOffIcon aria-hidden className="h-4 w-4 shrink-0 text-slate-600" />
      <span data-testid="hidden-expired">
        {countOf(
          result.hiddenExpired,
          "expired registration",
          "expired registrations",
          result.hiddenExpiredCapped,
        )}{" "}
        hidden
      </span>
      <SiteLink
        to={showHref}
        preventScrollReset
        className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        Show expired registrations
      </SiteLink>
    </p>
  );
}

function Corrections({ query, corrections }: { query: string; corrections?: Record<string, string> }) {
  if (!corrections) return null;
  const corrected = query
    .toLowerCase()
    .split(/\s+/)
    .map((w) => corrections[w] ?? w)
    .join(" ");
  return (
    <p className="text-sm text-slate-700">
      Including results for <strong>{corrected}</strong>
    </p>
  );
}

function Problems({ problems }: { problems: string[] }) {
  if (!problems.length) return null;
  return (
    <Alert tone="warning" title="Some of the search settings were not understood">
      <ul className="list-disc pl-5">
        {problems.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </Alert>
  );
}

function ResultsBody({
  loaderData,
  filters,
}: {
  loaderData: Route.ComponentProps["loaderData"];
  filters: React.ReactNode;
}) {
  const { input, result, location, markers, map } = loaderData;
  if (!result) return <LoadError />;
  const linkOptions = location && input.type === "location" ? { location } : {};
  const first = result.totalCount ? (result.currentPage - 1) * result.pageSize + 1 : 0;
  const last = Math.min(result.currentPage * result.pageSize, result.totalCount);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 className="text-xl font-semibold text-slate-900">
            {result.totalCount ? countText(result, "provider", "providers") : "No providers found"}
          </h2>
          {result.totalCount ? (
            <p className="text-sm text-slate-600" aria-live="polite">
              Showing {first}–{last} of {countNumber(result.totalCount, result.countCapped)} · Page{" "}
              {result.currentPage} of {result.pageCount}
            </p>
          ) : null}
        </div>
        {filters}
      </div>
      <PlaceNotice location={result.location} />
      <HiddenExpired
        result={result}
        showHref={searchHref({ ...input, hideExpired: false, page: 1 }, linkOptions)}
      />
      <Corrections query={input.query} corrections={result.corrections} />
      {markers.length ? <LazyMap markers={markers} {...map} label="Map of the results" /> : null}
      <ResultList
        providers={result.providers}
        byDistance={result.sort === "distance"}
        firstNumber={firstNumberOf(result)}
      />
      <Pagination
        current={result.currentPage}
        count={result.pageCount}
        href={(page) => searchHref({ ...input, page }, linkOptions)}
      />
    </>
  );
}

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { input, problems, result, location } = loaderData;
  const routerLocation = useLocation();
  const action = location ? `/search-results/${encodeURIComponent(location)}` : "/search-results";
  const found = result?.location?.status === "found" ? result.location : null;
  const place = found
    ? { near: input.near, lat: input.lat, lng: input.lng, radius: found.radiusMiles }
    : null;
  const sort = result?.sort ?? input.sort;
  const filterProps = {
    type: input.type,
    services: input.services,
    sort,
    hideExpired: input.hideExpired,
    tier: input.tier,
    place,
  };
  return (
    <main>
      <ResultsHero heading={headingOf(input, result)} subtitle={subtitleOf(input, result)} input={input} />
      {/* The licence answer comes first, above the filters and forms (on a phone too). */}
      {result && isLicenceCheck(input) && result.licence !== undefined ? (
        <LicenceAnswer input={input} result={result} />
      ) : null}
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-5 sm:px-6 sm:py-8 lg:grid-cols-[16rem_1fr]">
        <FiltersPanel
          filtersKey={routerLocation.search}
          action={action}
          query={input.query}
          showServices={input.type !== "registration"}
          {...filterProps}
        />
        <div id="results" className="min-w-0 scroll-mt-24 space-y-6">
          <Problems problems={problems} />
          <ResultsBody loaderData={loaderData} filters={<FiltersButton {...filterProps} />} />
          {/* The general quote form follows the results (on demand below them: decision 0225). */}
          <GeneralLeadFormSlot
            location={found?.place.label ?? (input.type === "location" ? input.query : undefined)}
            onDemand={!!result?.providers.length}
          />
        </div>
      </div>
    </main>
  );
}
