import { data } from "react-router";
import { parseSearchInput } from "~/modules/directory/search-input";
import { searchProviders } from "~/modules/directory/search-providers.server";
import { getApp } from "~/platform/context";
import type { Route } from "./+types/providers";

/**
 * GET /api/v1/providers?query=&type=&services=&page=&size=&sort= — the same search as the
 * results page: {providers, totalCount, pageCount, currentPage} (plus countCapped, pageSize and,
 * for licence checks, licence).
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
