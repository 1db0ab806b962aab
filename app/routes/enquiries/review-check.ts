/**
 * GET /enquiries/reviews/{registrationNumber}/check?email=: whether that e-mail has already
 * reviewed the provider (the review form's live 'Review already submitted'). It answers `true`
 * only to a visitor who already knows: the signed-in owner of the e-mail, or the browser that
 * confirmed that review from the e-mail (decision 0250); for anyone else it is always `false`
 * (decision 0410). Rate-limited per IP.
 */
import { getQuoteProvider } from "~/modules/quotes/create-quote.server";
import { FORM_LIMITS, formLimitKey } from "~/modules/leads/rate-limits";
import { hasReviewed } from "~/modules/reviews/has-reviewed.server";
import { getApp } from "~/web/context";
import { hit } from "~/platform/rate-limit.server";
import type { Route } from "./+types/review-check";
import { getReviewer } from "~/web/reviewer-cookie.server";

const headers = { "Cache-Control": "no-store" };

export async function loader({ request, params, context, url }: Route.LoaderArgs) {
  const app = getApp(context);
  const email = (url.searchParams.get("email") ?? "").slice(0, 254);
  if (!(await hit(app.db, formLimitKey("reviewCheck", app.clientIp), FORM_LIMITS.reviewCheck)).allowed) {
    return Response.json({ reviewed: false }, { status: 429, headers });
  }
  const provider = await getQuoteProvider(app.db, params.registrationNumber);
  if (!provider) return Response.json({ reviewed: false }, { status: 404, headers });
  const reviewer = await getReviewer(request, context);
  const reviewed = await hasReviewed(app.db, app.config.sessionSecret, {
    registrationNumber: provider.registration_number,
    email,
    reviewer,
  });
  return Response.json({ reviewed }, { headers });
}
