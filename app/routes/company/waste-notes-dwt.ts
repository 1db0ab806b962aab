/**
 * /company/waste-notes/dwt.json?from=&to=: the movement records (Digital Waste Tracking) of the
 * company's current notes collected between two UK days, as a streamed JSON array (decision 0713).
 */
import { movementExportBatches } from "~/modules/waste-notes/dwt/export-movements.server";
import { parsePastNotesFilters } from "~/modules/waste-notes/past-notes-filters";
import { ukToday } from "~/platform/dates";
import { jsonArrayResponse } from "~/web/json-array-response.server";
import type { Route } from "./+types/waste-notes-dwt";
import { companyListing } from "./company-user.server";
import { exportRefusal } from "./waste-notes-export.server";

export async function loader(args: Route.LoaderArgs) {
  const { app, listing } = await companyListing(args);
  const parsed = parsePastNotesFilters(args.url.searchParams);
  if (!listing || !parsed.ok) return exportRefusal(listing, parsed);
  const { from, to } = parsed.filters;
  const slug = listing.registrationNumber.replace(/[^A-Za-z0-9]/g, "");
  const range = from || to ? `${from || "start"}-to-${to || ukToday()}` : ukToday();
  return jsonArrayResponse(
    args.context,
    movementExportBatches(app.db, listing.registrationNumber, parsed.query.bounds),
    `dwt-movements-${slug}-${range}.json`,
  );
}
