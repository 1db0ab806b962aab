/**
 * The public JSON API, answered by Hono before the React Router request handler (decision 0230):
 * a search needs none of the router's work (a new Request, route matching, middleware, loader
 * data), and an API client waits for every bit of it.
 *
 * GET /api/v1/providers?query=&type=&services=&page=&size=&sort=&hideExpired=&tier=&near=&lat=&lng=&radius=
 * — the same search as the results page: {providers, totalCount, pageCount, currentPage, sort}
 * (plus countCapped, pageSize, hiddenExpired and hiddenExpiredCapped; inForceCount, the matches
 * whose registration is in force, totalCount without the expired ones shown (decision 0278); for
 * licence checks, licence and licenceNumber (the number checked), licenceRemoved ({registration_number,
 * business_name, removed_at}) for a number no longer on the register, or otherRegister for a
 * Scottish or Northern Irish number; for a search around a place, location).
 * Each provider (and licence) has business_name, the name as displayed (a verified listing's own),
 * and register_name, the holder's name on the public register: a business_name that differs is a
 * trading name of register_name (decision 0281).
 *
 * - query: a town, postcode, business name or registration number ('cbdu-999 0001' and
 *   'CBDU 999 0001' are CBDU9990001). A query nothing can match (e.g. '%') finds nothing. A query
 *   that names a known place ('LS1 1AA', 'stoke on trent') is a search around that place. A query
 *   that is or holds a registration number ('CBDU123456', 'Reg: CBDU123456.', 'WCR/R/1234567') is a
 *   licence check of that number whatever the type (decision 0277): type registration, expired
 *   ones shown unless hideExpired=1, never a place.
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
 *   Default: 1 for location searches and searches around near or lat/lng, 0 for the others (and
 *   for every licence check).
 * - tier: any (default), upper or lower.
 * Unknown or impossible values (a radius over 100 miles, lat without lng, a position outside
 * Great Britain) answer 400 with {error, problems}; an address with control characters or a broken
 * %-escape, 400 with {error}; another method than GET or HEAD, 405 with {error}.
 *
 * The path matches as React Router's routes do: in any letter case, with or without a final slash.
 */
import type { Context, Hono } from "hono";
import { parseApiSearchInput } from "../app/modules/directory/api-search-input.server";
import { searchProviders } from "../app/modules/directory/search-providers.server";
import type { Database } from "../app/platform/db/database.server";
import { urlProblem } from "../app/web/request-input.server";
import type { Logger } from "../app/platform/logger.server";
import type { Env } from "./http";
import { compressedJson } from "./compress";

export const PROVIDERS_API_PATH = "/api/v1/providers";

/** The API's path in any letter case, with or without a final slash. */
export function isProvidersApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === PROVIDERS_API_PATH || lower === `${PROVIDERS_API_PATH}/`;
}

/** A request's address (path and query, as Node gives it) is the API's: it compresses its own answers. */
export function isProvidersApiUrl(url: string): boolean {
  const query = url.indexOf("?");
  return isProvidersApiPath(query < 0 ? url : url.slice(0, query));
}

export function useApi(app: Hono<Env>, db: Database, log: Logger): void {
  app.use(async (c, next) => {
    if (!isProvidersApiPath(c.req.path)) return next();
    c.set("routePattern", PROVIDERS_API_PATH);
    return providers(c, db, log);
  });
}

async function providers(c: Context<Env>, db: Database, log: Logger): Promise<Response> {
  if (c.req.method !== "GET" && c.req.method !== "HEAD")
    return c.json({ error: "Method not allowed: use GET" }, 405, { Allow: "GET, HEAD" });
  const url = new URL(c.req.url);
  const problem = urlProblem(url);
  if (problem) return c.json({ error: problem.message }, problem.status);
  const { input, problems } = parseApiSearchInput(url.searchParams);
  if (problems.length) return c.json({ error: "Invalid search parameters", problems }, 400);
  try {
    const result = await searchProviders(db, input);
    return compressedJson(c, result, { "Cache-Control": "public, max-age=60" });
  } catch (error) {
    log.error({ err: error, input, reqId: c.get("requestId") }, "API search failed");
    return c.json({ error: "Could not fetch provider information. Please try again later." }, 500);
  }
}
