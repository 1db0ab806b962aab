/** /admin/claim-requests.csv: the claims of the list's status tab that its search finds, as a streamed CSV download (decision 0806). */
import * as z from "zod/mini";
import { exportClaims } from "~/modules/claims/export-claims.server";
import { getApp } from "~/web/context";
import { csvResponse } from "~/web/csv-response.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/claim-requests-csv";

const filters = z.object({
  status: z.catch(z.enum(["pending", "approved", "rejected"]), "pending"),
  q: z.catch(z.string(), ""),
});

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const { status, q } = filters.parse(Object.fromEntries(url.searchParams));
  return csvResponse(context, exportClaims(getApp(context).db, { status, q }));
}
