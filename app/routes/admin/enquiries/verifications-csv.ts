/** /admin/verifications.csv: the review moderation queue (every pending review) as a streamed CSV download (decision 0806). */
import { exportPendingReviews } from "~/modules/reviews/export-reviews.server";
import { getApp } from "~/web/context";
import { csvResponse } from "~/web/csv-response.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/verifications-csv";

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  return csvResponse(context, exportPendingReviews(getApp(context).db));
}
