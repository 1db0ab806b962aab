/** What the company's exports answer when they cannot run: no listing (404) or a bad day (400). */
import type { CompanyListing } from "~/modules/company/company-listing.server";
import type { parsePastNotesFilters } from "~/modules/waste-notes/past-notes-filters";

const text = (body: string, status: number) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export function exportRefusal(
  listing: CompanyListing | null,
  parsed: ReturnType<typeof parsePastNotesFilters>,
): Response {
  if (!listing) return text("No business listing is linked to this account.", 404);
  return text(parsed.ok ? "Bad request" : Object.values(parsed.errors).join("\n"), 400);
}
