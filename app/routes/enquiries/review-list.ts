/**
 * GET /enquiries/reviews/{registrationNumber}/list: a provider's published reviews as JSON, newest
 * first with average and count (what the profile's reviews section loads). Public data.
 */
import { getQuoteProvider } from "~/modules/quotes/create-quote.server";
import { listProviderReviews } from "~/modules/reviews/list-reviews.server";
import { getApp } from "~/web/context";
import type { Route } from "./+types/review-list";

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const provider = await getQuoteProvider(app.db, params.registrationNumber);
  if (!provider) return Response.json({ ok: false }, { status: 404 });
  try {
    const summary = await listProviderReviews(app.db, provider.registration_number);
    return Response.json({ ok: true, ...summary }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    app.log.error({ err: error }, "reviews could not be loaded");
    return Response.json({ ok: false }, { status: 500 });
  }
}
