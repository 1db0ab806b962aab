import { data, redirect } from "react-router";
import { offersQuotes, profileHref } from "~/components/directory/provider-card";
import { ProfileDetails } from "~/components/directory/profile/profile-details";
import { ProfileHeader } from "~/components/directory/profile/profile-header";
import { ProfileSidebar } from "~/components/directory/profile/profile-sidebar";
import { ProviderNotFound, ProviderRemoved } from "~/components/directory/profile/provider-gone";
import { getProvider } from "~/modules/directory/get-provider.server";
import { LazyMap } from "~/components/map/lazy-map";
import { providerPosition } from "~/modules/directory/map-positions.server";
import { mapSettings } from "~/web/map-settings.server";
import { getRemovedRegistration } from "~/modules/directory/get-removed-registration.server";
import { registerDataAsOf } from "~/modules/directory/register-data-date.server";
import { websiteHref, type Provider } from "~/modules/directory/provider";
import { listProviderReviews, type ReviewSummary } from "~/modules/reviews/list-reviews.server";
import { isOwnBusiness } from "~/modules/reviews/is-own-business.server";
import { getApp, type AppContext } from "~/web/context";
import { getUser } from "~/web/guards.server";
import { isCrawler } from "~/web/crawlers";
import { loaderHeadersOnly, pageCacheHeaders, profileViewEvent } from "~/web/page-cache";
import type { Route } from "./+types/provider";
import { pageMeta, type PageMeta } from "~/web/meta";
import { profileMeta } from "~/web/profile-meta";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const requested = params.registrationNumber.trim();
  const provider = await getProvider(app.db, requested);
  // One address per profile: '/provider/cbdu-999 0001' goes to '/provider/CBDU9990001'.
  if (provider && params.registrationNumber !== provider.registration_number) {
    throw redirect(profileHref(provider.registration_number), 301);
  }
  if (!provider) {
    // No longer on the register (a full sync did not find it): kept, and said so (410 Gone).
    const removed = await getRemovedRegistration(app.db, requested);
    if (removed) {
      return data(
        {
          provider: null,
          removed,
          registerAsOf: null,
          requested: removed.registration_number,
          seo: {
            title: `${removed.business_name} – no longer on the register`,
            description: "This registration is no longer on the public register.",
            noindex: true,
          } as PageMeta,
        },
        { status: 410 },
      );
    }
    app.log.info({ registrationNumber: requested.slice(0, 40) }, "provider not found");
    return data(
      {
        provider: null,
        removed: null,
        registerAsOf: null,
        requested: requested.slice(0, 40),
        seo: {
          title: "Provider Not Found",
          description: "This waste carrier is not in the directory.",
          noindex: true,
        } as PageMeta,
      },
      { status: 404 },
    );
  }
  const [registerAsOf, read, ownBusiness] = await Promise.all([
    registerDataAsOf(app.db),
    shownReviews(app, provider),
    ownerReading(request, context, provider),
  ]);
  // One 'view' per profile view by a person: crawlers are not counted, nor the business's own
  // signed-in owner (decision 0276: their dashboard counts their customers). Never delays the page.
  if (!ownBusiness && !isCrawler(request.headers.get("user-agent"))) {
    app.events.record(provider.registration_number, "view");
  }
  const reviews = read === "failed" ? null : read;
  // The registered address on a map, from the register's own grid reference (converted here).
  const position = providerPosition(provider);
  return data(
    {
      provider,
      removed: null,
      registerAsOf,
      requested: provider.registration_number,
      // In the page's HTML (crawlers and visitors without JavaScript read them), and its JSON-LD.
      reviews,
      // The business's signed-in owner: a notice in place of the review form and the quote request
      // form (decisions 0267 and 0276).
      ownBusiness,
      seo: profileMeta(provider, { publicUrl: app.config.publicUrl, reviews }),
      position,
      map: mapSettings(app.config),
    },
    // Cached for anonymous visitors (a view served from the cache is still counted: the event),
    // unless the reviews could not be read. The owner's own view is never offered to the cache
    // (decision 0267); their session cookie keeps it out of the cache anyway (decision 0207).
    read === "failed" || ownBusiness
      ? {}
      : { headers: pageCacheHeaders(profileViewEvent(provider.registration_number)) },
  );
}

/**
 * The published reviews a premium profile shows (one statement), null where the page shows no
 * reviews. A failure leaves the page up: the reviews section then loads them in the browser.
 */
async function shownReviews(app: AppContext, p: Provider): Promise<ReviewSummary | null | "failed"> {
  if (!p.is_claimed || !p.is_premium) return null;
  try {
    return await listProviderReviews(app.db, p.registration_number);
  } catch (error) {
    app.log.error({ err: error }, "profile reviews could not be loaded");
    return "failed";
  }
}

/**
 * Whether the reader is the business's signed-in owner: on a profile with the review and quote
 * forms they get notices instead (decisions 0267 and 0276), and on any profile their view is not
 * counted (decision 0276; a suspended or unapproved listing's owner too). Asks nothing of a visitor
 * who is not signed in. A failure shows the forms and counts the view: the server still refuses the
 * owner's review and quote request (decisions 0261 and 0276).
 */
async function ownerReading(request: Request, context: Route.LoaderArgs["context"], p: Provider) {
  const app = getApp(context);
  try {
    const user = await getUser(request, context);
    return await isOwnBusiness(app.db, p.registration_number, user?.email ?? null);
  } catch (error) {
    app.log.error({ err: error }, "profile owner could not be checked");
    return false;
  }
}

export const headers = loaderHeadersOnly;

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data?.seo);
}

export default function ProviderProfile({ loaderData }: Route.ComponentProps) {
  const { provider: p, requested, removed, registerAsOf } = loaderData;
  const reviews = "reviews" in loaderData ? loaderData.reviews : null;
  const ownBusiness = "ownBusiness" in loaderData && loaderData.ownBusiness;
  if (removed) return <ProviderRemoved registration={removed} />;
  if (!p) return <ProviderNotFound registrationNumber={requested} />;
  const website = websiteHref(p.website);
  // Quote requests go to the listing's e-mail: without one, the profile offers phone and website.
  const quotes = offersQuotes(p);
  return (
    <main className="bg-slate-50 pb-16">
      <ProfileHeader provider={p} registerAsOf={registerAsOf} quotes={quotes} ownBusiness={ownBusiness} />
      {/* The contact card and the registration come first in the page (a phone shows them first). */}
      <div className="mx-auto mt-6 grid max-w-6xl gap-6 px-4 sm:mt-8 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <ProfileSidebar provider={p} website={website} registerAsOf={registerAsOf}>
          {"position" in loaderData && loaderData.position ? (
            <LazyMap
              markers={[{ ...loaderData.position, title: p.business_name }]}
              {...loaderData.map}
              label={`Map of ${p.business_name}'s registered address`}
            />
          ) : null}
        </ProfileSidebar>
        <div className="lg:col-start-1 lg:row-start-1">
          <ProfileDetails
            provider={p}
            quotes={quotes}
            website={website}
            reviews={reviews}
            ownBusiness={ownBusiness}
          />
        </div>
      </div>
    </main>
  );
}
