/**
 * /admin/listings.csv (the Listings page's search) and /admin/providers.csv (the Providers page's
 * status and plan filters): the claimed listings as a streamed CSV download (decision 0806).
 */
import * as z from "zod/mini";
import { exportListings } from "~/modules/claims/export-listings.server";
import { LISTING_STATUSES } from "~/modules/claims/listing-filters";
import { getApp } from "~/web/context";
import { csvResponse } from "~/web/csv-response.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/listings-csv";

const filters = z.object({
  q: z.catch(z.string(), ""),
  status: z.catch(z.enum(LISTING_STATUSES), "all"),
  plan: z.catch(z.enum(["all", "standard", "premium"]), "all"),
});

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const { q, status, plan } = filters.parse(Object.fromEntries(url.searchParams));
  const db = getApp(context).db;
  const csv = url.pathname.startsWith("/admin/providers")
    ? exportListings(db, { name: "providers", status, plan })
    : exportListings(db, { name: "listings", search: q.trim().slice(0, 100) });
  return csvResponse(context, csv);
}
