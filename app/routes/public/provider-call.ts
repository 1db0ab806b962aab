import { redirect } from "react-router";
import { getProvider } from "~/modules/directory/get-provider.server";
import { telHref } from "~/modules/directory/provider";
import { getApp } from "~/web/context";
import type { Route } from "./+types/provider-call";

/**
 * The profile's phone link goes through here so that a 'phone_click' is counted with or
 * without JavaScript, then the browser is sent on to the tel: URL.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const provider = await getProvider(app.db, params.registrationNumber);
  if (!provider) throw new Response("Provider not found", { status: 404 });
  if (!provider.is_claimed || !provider.phone) {
    return redirect(`/provider/${encodeURIComponent(provider.registration_number)}`);
  }
  app.events.record(provider.registration_number, "phone_click");
  return redirect(telHref(provider.phone), {
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
