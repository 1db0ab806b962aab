/**
 * GET /api/v1/providers' parameters: the results page's (parseSearchInput) with the API's radius
 * rule (any number of miles from 1 to 100, not only the page's 5, 10, 25, 50), plus what only the
 * server can check: a position outside Great Britain. Every problem makes the route answer 400.
 */
import { locationProblems } from "./search-location.server";
import { parseSearchInput, type SearchInput } from "./search-input";

export function parseApiSearchInput(params: URLSearchParams): { input: SearchInput; problems: string[] } {
  const { input, problems } = parseSearchInput(params, null, { radius: "api" });
  return { input, problems: [...problems, ...locationProblems(input)] };
}
