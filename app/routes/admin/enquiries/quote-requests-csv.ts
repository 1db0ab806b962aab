/** /admin/quote-requests.csv: the quote requests the list's search finds, as a streamed CSV download (decision 0806). */
import * as z from "zod/mini";
import { exportQuoteRequests } from "~/modules/quotes/export-quotes.server";
import { getApp } from "~/web/context";
import { csvResponse } from "~/web/csv-response.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/quote-requests-csv";

const filters = z.object({ q: z.catch(z.string(), "") });

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const { q } = filters.parse(Object.fromEntries(url.searchParams));
  return csvResponse(context, exportQuoteRequests(getApp(context).db, { q }));
}
