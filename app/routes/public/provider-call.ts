import { redirect } from "react-router";
import { countsPhoneClick } from "~/modules/analytics/phone-click.server";
import { getProvider } from "~/modules/directory/get-provider.server";
import { telHref } from "~/modules/directory/provider";
import { getApp } from "~/web/context";
import { isCrawler } from "~/web/crawlers";
import { getUser } from "~/web/guards.server";
import type { Route } from "./+types/provider-call";

/**
 * The profile's phone link goes through here so that a 'phone_click' is counted with or
 * without JavaScript, then the browser is sent on to the tel: URL. Counted only for a person
 * (not a crawler), not when another site embeds the link (an image, a frame), and once per
 * address per listing per hour (decision 0265); never the business's own signed-in owner's click
 * (decision 0276).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const app = getApp(context);
  const provider = await getProvider(app.db, params.registrationNumber);
  if (!provider) throw new Response("Provider not found", { status: 404 });
  if (!provider.is_claimed || !provider.phone) {
    return redirect(`/provider/${encodeURIComponent(provider.registration_number)}`);
  }
  const counts =
    !isCrawler(request.headers.get("user-agent")) &&
    request.headers.get("sec-fetch-site") !== "cross-site" &&
    (await countsPhoneClick(app.db, provider.registration_number, {
      clientAddress: app.clientIp,
      // Who is signed in (nothing asked without a session cookie); not known, counted as anyone.
      signedInEmail: (await getUser(request, context).catch(() => null))?.email ?? null,
    }));
  if (counts) app.events.record(provider.registration_number, "phone_click");
  return redirect(telHref(provider.phone), {
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
