import { loadEwcCatalogue } from "~/modules/waste-notes/ewc-codes.server";

/** The List of Wastes as CSV (Code, Description, Hazardous, EntryType), for the EWC picker. */
export function loader() {
  return new Response(loadEwcCatalogue().csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Cache-Control": "public, max-age=86400, stale-while-revalidate=604800",
    },
  });
}
