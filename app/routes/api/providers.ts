import { data } from "react-router";
import { parseApiSearchInput } from "~/modules/directory/api-search-input.server";
import { searchProviders } from "~/modules/directory/search-providers.server";
import { getApp } from "~/web/context";
import type { Route } from "./+types/providers";

/**
 * GET /api/v1/providers?query=&type=&services=&page=&size=&sort=&hideExpired=&tier=&near=&lat=&lng=&radius=
 * — the same search as the results page: {providers, totalCount, pageCount, currentPage, sort}
 * (plus countCapped, pageSize, hiddenExpired and hiddenExpiredCapped; for licence checks,
 * licence, or otherRegister for a Scottish or Northern Irish number; for a search around a
 * place, location).
 *
 * - query: a town, postcode, business name or registration number ('cbdu-999 0001' and
 *   'CBDU 999 0001' are CBDU9990001). A query nothing can match (e.g. '%') finds nothing. A query
 *   that names a known place ('LS1 1AA', 'stoke on trent') is a search around that place.
 * - type: all (default), name, registration or location.
 * - near: a postcode, sector, district or town to search around; with it, query filters by name.
 *   Or lat and lng: a position (WGS84 degrees), both or neither, in Great Britain.
 * - radius: miles around the place, 1 to 100 (default 25).
 *   Around a place, each provider has distanceMiles (1 decimal; null for a carrier the place names
 *   by its town or postcode that has no coordinates), nearest first unless sort says otherwise,
 *   and location = {status: 'found', place: {kind, label, easting, northing, lat, lng, ...},
 *   radiusMiles}. An unknown place answers 200 with no providers and location = {status:
 *   'unknown', message: "We couldn't find …", suggestions}.
 * - sort: claimed (default), relevance or distance (the default around a place).
 * - hideExpired: 1 to leave out expired registrations (counted in hiddenExpired), 0 to keep them.
 *   Default: 1 for location searches and searches around near or lat/lng, 0 for the others.
 * - tier: any (default), upper or lower.
 * Unknown or impossible values (a radius over 100 miles, lat without lng, a position outside
 * Great Britain) answer 400 with {error, problems}.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const { input, problems } = parseApiSearchInput(new URL(request.url).searchParams);
  if (problems.length) return data({ error: "Invalid search parameters", problems }, { status: 400 });
  try {
    const result = await searchProviders(app.db, input);
    return data(result, { headers: { "Cache-Control": "public, max-age=60" } });
  } catch (error) {
    app.log.error({ err: error, input }, "API search failed");
    return data({ error: "Could not fetch provider information. Please try again later." }, { status: 500 });
  }
}
