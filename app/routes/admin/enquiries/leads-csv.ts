/** /admin/leads.csv: the leads the list's search finds, as a streamed CSV download (decision 0806). */
import * as z from "zod/mini";
import { exportLeads } from "~/modules/leads/export-leads.server";
import { getApp } from "~/web/context";
import { csvResponse } from "~/web/csv-response.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/leads-csv";

const filters = z.object({ q: z.catch(z.string(), "") });

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const { q } = filters.parse(Object.fromEntries(url.searchParams));
  return csvResponse(context, exportLeads(getApp(context).db, { q }));
}
