/**
 * /company/waste-notes/items.csv?from=&to=: the waste items of the company's notes (the Past Waste
 * Notes filters apply), one row per item, streamed (decisions 0713, 0806).
 */
import { exportNoteItemsCsv } from "~/modules/waste-notes/dwt/export-movements.server";
import { parsePastNotesFilters } from "~/modules/waste-notes/past-notes-filters";
import { csvResponse } from "~/web/csv-response.server";
import type { Route } from "./+types/waste-notes-items-csv";
import { companyListing } from "./company-user.server";
import { exportRefusal } from "./waste-notes-export.server";

export async function loader(args: Route.LoaderArgs) {
  const { app, listing } = await companyListing(args);
  const parsed = parsePastNotesFilters(args.url.searchParams);
  if (!listing || !parsed.ok) return exportRefusal(listing, parsed);
  return csvResponse(args.context, exportNoteItemsCsv(app.db, listing.registrationNumber, parsed.query));
}
