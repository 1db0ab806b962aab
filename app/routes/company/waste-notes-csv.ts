/** /company/waste-notes.csv: every note of the signed-in company, as CSV (two-year record, digital waste tracking). */
import { exportCompanyNotesCsv } from "~/modules/waste-notes/export-csv.server";
import type { Route } from "./+types/waste-notes-csv";
import { companyListing } from "./company-user.server";

export async function loader(args: Route.LoaderArgs) {
  const { app, listing } = await companyListing(args);
  if (!listing)
    return new Response("No business listing is linked to this account.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  const csv = await exportCompanyNotesCsv(app.db, listing.registrationNumber, app.config.publicUrl);
  const day = new Date().toISOString().slice(0, 10);
  const slug = listing.registrationNumber.replace(/[^A-Za-z0-9]/g, "");
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="waste-notes-${slug}-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
