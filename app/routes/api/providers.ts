import { data } from "react-router";
import { parseSearchInput } from "~/modules/directory/search-input";
import { searchProviders } from "~/modules/directory/search-providers.server";
import { getApp } from "~/web/context";
import type { Route } from "./+types/providers";

/**
 * GET /api/v1/providers?query=&type=&services=&page=&size=&sort=&hideExpired=&tier= — the same
 * search as the results page: {providers, totalCount, pageCount, currentPage} (plus countCapped,
 * pageSize, hiddenExpired and hiddenExpiredCapped and, for licence checks, licence, or
 * otherRegister for a Scottish or Northern Irish number).
 *
 * - query: a town, postcode, business name or registration number ('cbdu-999 0001' and
 *   'CBDU 999 0001' are CBDU9990001). A query nothing can match (e.g. '%') finds nothing.
 * - type: all (default), name, registration or location.
 * - hideExpired: 1 to leave out expired registrations (counted in hiddenExpired), 0 to keep them.
 *   Default: 1 for location searches, 0 for the others.
 * - tier: any (default), upper or lower.
 * Unknown values answer 400 with {error, problems}.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const { input, problems } = parseSearchInput(new URL(request.url).searchParams);
  if (problems.length) return data({ error: "Invalid search parameters", problems }, { status: 400 });
  try {
    const result = await searchProviders(app.db, input);
    return data(result, { headers: { "Cache-Control": "public, max-age=60" } });
  } catch (error) {
    app.log.error({ err: error, input }, "API search failed");
    return data({ error: "Could not fetch provider information. Please try again later." }, { status: 500 });
  }
}
