import { EyeOff, SearchX, TriangleAlert } from "lucide-react";
import { data, Link, useLocation } from "react-router";
import { GeneralLeadFormSlot } from "~/components/directory/slots";
import { LicencePanel } from "~/components/directory/licence-panel";
import { Pagination } from "~/components/directory/pagination";
import { ProviderCard } from "~/components/directory/provider-card";
import { ResultsSearch } from "~/components/directory/search-box";
import { SearchFilters } from "~/components/directory/search-filters";
import { Alert } from "~/components/ui/alert";
import { RESULT_CARD_SERVICES } from "~/modules/directory/constants";
import type { Provider } from "~/modules/directory/provider";
import {
  defaultHideExpired,
  isLicenceCheck,
  parseSearchInput,
  searchHref,
  type SearchInput,
} from "~/modules/directory/search-input";
import { searchProviders, type SearchResult } from "~/modules/directory/search-providers.server";
import { agrees, countNumber, countOf, placeLabel } from "~/modules/directory/wording";
import { getApp } from "~/web/context";
import { loaderHeadersOnly, pageCacheHeaders } from "~/web/page-cache";
import type { Route } from "./+types/search-results";
import { pageMeta, type PageMeta } from "~/web/meta";

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
  return data(
    { input, problems, result, location, seo },
    result ? { headers: pageCacheHeaders() } : { status: 500 },
  );
}

export const headers = loaderHeadersOnly;

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data?.seo);
}

/** "1 provider", "12 providers", "1,000+ providers". */
function countText(result: SearchResult, one: string, many: string): string {
  return countOf(result.totalCount, one, many, result.countCapped);
}

function placeOf(input: SearchInput): string {
  return input.type === "location" && input.query ? placeLabel(input.query) : "the UK";
}

/** '12 licensed rubbish removal services found in Leeds' (spec wording, counted honestly). */
function foundText(result: SearchResult, place: string): string {
  if (!result.totalCount) return `No licensed rubbish removal services found in ${place}`;
  return `${countText(result, "licensed rubbish removal service", "licensed rubbish removal services")} found in ${place}`;
}

function searchSeo(
  input: SearchInput,
  result: SearchResult | null,
  location: string | null,
  publicUrl: string,
): PageMeta {
  const place = placeOf(input);
  const n = result ? result.totalCount : 0;
  const capped = result?.countCapped ?? false;
  let title: string;
  let description: string;
  if (input.type === "registration" && input.query) {
    title = `Licence check: ${input.query.toUpperCase()}`;
    description = result?.licence
      ? `${result.licence.business_name} (${result.licence.registration_number}) is on the public register of waste carriers. Check the registration's tier, dates and validity.`
      : `Check waste carrier registration number ${input.query.toUpperCase()} against the public register of waste carriers, brokers and dealers.`;
  } else if (input.type === "location" && input.query) {
    title =
      n > 0
        ? `${countOf(n, "Licensed Waste Carrier", "Licensed Waste Carriers", capped)} in ${place}`
        : `Licensed Waste Carriers in ${place}`;
    description =
      n > 0
        ? `${countOf(n, "licensed rubbish removal service", "licensed rubbish removal services", capped)} found in ${place}. Compare registered waste carriers, check their licence and request free quotes.`
        : `No licensed waste carriers found in ${place} yet. Search nearby towns or by postcode to find a registered carrier.`;
  } else if (input.query) {
    title = `Waste carriers matching “${input.query}”`;
    description =
      n > 0
        ? `${countOf(n, "registered waste carrier", "registered waste carriers", capped)} ${agrees(n, "matches", "match", capped)} “${input.query}”. Check each carrier's licence before you hand over your waste.`
        : `No registered waste carriers match “${input.query}”. Try another name, town, postcode or registration number.`;
  } else {
    title = "Find a Licensed Waste Carrier";
    description = `Browse ${countOf(n, "licensed waste carrier", "licensed waste carriers", capped)} across the UK. Search by town, postcode, business name or registration number.`;
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
    input.hideExpired !== defaultHideExpired(input.type);
  const noindex = (!location && !!input.query) || isFiltered || n === 0;
  return { title, description, canonical: `${publicUrl}${canonicalPath}`, noindex };
}

const GROUPS: { key: string; title: string; description: string; test: (p: Provider) => boolean }[] = [
  {
    key: "featured",
    title: "Featured Providers",
    description: "Verified businesses on our Premium plan.",
    test: (p) => p.is_claimed && p.is_premium,
  },
  {
    key: "registered",
    title: "Registered Providers",
    description: "Businesses that have claimed and verified their listing.",
    test: (p) => p.is_claimed && !p.is_premium,
  },
  {
    key: "available",
    title: "Available Providers",
    description: "Licensed carriers from the public register that have not claimed their listing yet.",
    test: (p) => !p.is_claimed,
  },
];

export default function SearchResults({ loaderData }: Route.ComponentProps) {
  const { input, problems, result, location } = loaderData;
  const routerLocation = useLocation();
  const action = location ? `/search-results/${encodeURIComponent(location)}` : "/search-results";
  const hrefFor = (page: number) =>
    searchHref({ ...input, page }, location && input.type === "location" ? { location } : {});
  const place = placeOf(input);
  const heading =
    input.type === "registration" && input.query
      ? "Registration number search"
      : input.type === "location" && input.query
        ? `Waste carriers in ${place}`
        : input.query
          ? `Results for “${input.query}”`
          : "Find a licensed waste carrier";
  const first = result && result.totalCount ? (result.currentPage - 1) * result.pageSize + 1 : 0;
  const last = result ? Math.min(result.currentPage * result.pageSize, result.totalCount) : 0;

  return (
    <main>
      <section className="bg-gradient-to-br from-brand-700 to-brand-900 text-white">
        <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{heading}</h1>
          {result ? (
            <p className="mt-2 text-lg text-brand-100">
              {input.type === "registration" && input.query
                ? `Licence check for ${input.query.toUpperCase()}`
                : foundText(result, place)}
            </p>
          ) : null}
          <div className="mt-6 max-w-3xl">
            <ResultsSearch key={`${input.query}|${input.type}`} query={input.query} type={input.type} />
          </div>
        </div>
      </section>

      {/* The licence answer comes first, above the filters and forms (on a phone too). */}
      {result && isLicenceCheck(input) && result.licence !== undefined ? (
        <div className="mx-auto max-w-7xl px-4 pt-8 sm:px-6">
          <LicencePanel query={input.query} provider={result.licence} otherRegister={result.otherRegister} />
        </div>
      ) : null}
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[16rem_1fr]">
        <aside className="space-y-6 lg:sticky lg:top-24 lg:self-start">
          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <SearchFilters
              key={routerLocation.search}
              action={action}
              query={input.query}
              type={input.type}
              services={input.services}
              sort={input.sort}
              hideExpired={input.hideExpired}
              tier={input.tier}
              showServices={input.type !== "registration"}
            />
          </div>
          <GeneralLeadFormSlot location={input.type === "location" ? input.query : undefined} />
        </aside>

        <div className="min-w-0 space-y-6">
          {problems.length ? (
            <Alert tone="warning" title="Some of the search settings were not understood">
              <ul className="list-disc pl-5">
                {problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </Alert>
          ) : null}

          {!result ? (
            <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
              <div className="flex items-start gap-3">
                <TriangleAlert aria-hidden className="h-6 w-6 shrink-0" />
                <div>
                  <h2 className="text-lg font-semibold">Error Loading Results</h2>
                  <p className="mt-1 text-sm">
                    Could not fetch provider information. Please try again later.
                  </p>
                </div>
              </div>
            </div>
          ) : (
            <>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
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
              {result.hiddenExpired > 0 ? (
                <p className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 px-4 py-2.5 text-sm text-slate-800">
                  <EyeOff aria-hidden className="h-4 w-4 shrink-0 text-slate-600" />
                  <span data-testid="hidden-expired">
                    {countOf(
                      result.hiddenExpired,
                      "expired registration",
                      "expired registrations",
                      result.hiddenExpiredCapped,
                    )}{" "}
                    hidden
                  </span>
                  <Link
                    to={searchHref(
                      { ...input, hideExpired: false, page: 1 },
                      location && input.type === "location" ? { location } : {},
                    )}
                    preventScrollReset
                    className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  >
                    Show expired registrations
                  </Link>
                </p>
              ) : null}
              {result.corrections ? (
                <p className="text-sm text-slate-700">
                  Including results for{" "}
                  <strong>
                    {input.query
                      .toLowerCase()
                      .split(/\s+/)
                      .map((w) => result.corrections?.[w] ?? w)
                      .join(" ")}
                  </strong>
                </p>
              ) : null}
              {result.providers.length === 0 ? (
                <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
                  <SearchX aria-hidden className="mx-auto h-10 w-10 text-slate-500" />
                  <p className="mt-3 text-lg font-semibold text-slate-900">No providers found</p>
                  <p className="mt-1 text-slate-600">Try adjusting your search terms</p>
                </div>
              ) : (
                GROUPS.map((group) => {
                  const items = result.providers.filter(group.test);
                  if (!items.length) return null;
                  return (
                    <section key={group.key} aria-labelledby={`group-${group.key}`}>
                      <h2 id={`group-${group.key}`} className="text-lg font-semibold text-slate-900">
                        {group.title}
                      </h2>
                      <p className="text-sm text-slate-600">{group.description}</p>
                      <ul className="mt-3 grid gap-4 md:grid-cols-2">
                        {items.map((p) => (
                          <li key={p.registration_number}>
                            <ProviderCard provider={p} maxServices={RESULT_CARD_SERVICES} />
                          </li>
                        ))}
                      </ul>
                    </section>
                  );
                })
              )}
              <Pagination current={result.currentPage} count={result.pageCount} href={hrefFor} />
            </>
          )}
        </div>
      </div>
    </main>
  );
}
