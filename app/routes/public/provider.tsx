import { data, redirect } from "react-router";
import { isbot } from "isbot";
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
import { tierLabel, websiteHref, type Provider } from "~/modules/directory/provider";
import { getApp } from "~/web/context";
import { loaderHeadersOnly, pageCacheHeaders, profileViewEvent } from "~/web/page-cache";
import type { Route } from "./+types/provider";
import { pageMeta, type PageMeta } from "~/web/meta";

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
  // One 'view' per profile view by a person (crawlers are not counted); never delays the page.
  const agent = request.headers.get("user-agent");
  if (!agent || !isbot(agent)) {
    app.events.record(provider.registration_number, "view");
  }
  const canonical = `${app.config.publicUrl}/provider/${encodeURIComponent(provider.registration_number)}`;
  const registerAsOf = await registerDataAsOf(app.db);
  // Cached for anonymous visitors; a view served from the cache is still counted (the event).
  // The registered address on a map, from the register's own grid reference (converted here).
  const position = providerPosition(provider);
  return data(
    {
      provider,
      removed: null,
      registerAsOf,
      requested: provider.registration_number,
      seo: profileSeo(provider, canonical, app.config.publicUrl),
      position,
      map: mapSettings(app.config),
    },
    { headers: pageCacheHeaders(profileViewEvent(provider.registration_number)) },
  );
}

export const headers = loaderHeadersOnly;

export function meta({ data }: Route.MetaArgs) {
  return pageMeta(data?.seo);
}

function profileSeo(p: Provider, canonical: string, publicUrl: string): PageMeta {
  const place = p.town ? ` in ${p.town}` : "";
  const description =
    p.is_claimed && p.about
      ? p.about.slice(0, 155)
      : `${p.business_name}${place}: registered waste carrier ${p.registration_number} (${tierLabel(p.registration_tier).toLowerCase()}). Check the registration's validity and details.`;
  const seo: PageMeta = {
    title: `${p.business_name} – Waste Carrier ${p.registration_number}`,
    description,
    canonical,
    type: "profile",
  };
  if (p.is_claimed) {
    // Logos are served from this site ('/company-logo/...'): structured data needs absolute URLs.
    const logo = p.logo_url ? new URL(p.logo_url, `${publicUrl}/`).href : null;
    // LocalBusiness for claimed listings only; no ratings (self-serving reviews are not marked up).
    seo.jsonLd = {
      "@context": "https://schema.org",
      "@type": "LocalBusiness",
      name: p.business_name,
      url: canonical,
      ...(p.about ? { description: p.about } : {}),
      ...(p.phone ? { telephone: p.phone } : {}),
      ...(p.email ? { email: p.email } : {}),
      ...(logo ? { logo, image: logo } : {}),
      ...(websiteHref(p.website) ? { sameAs: [websiteHref(p.website)] } : {}),
      ...(p.areas_covered.length ? { areaServed: p.areas_covered } : {}),
      address: {
        "@type": "PostalAddress",
        ...(p.address ? { streetAddress: p.address } : {}),
        ...(p.town ? { addressLocality: p.town } : {}),
        ...(p.postcode ? { postalCode: p.postcode } : {}),
        addressCountry: "GB",
      },
      identifier: {
        "@type": "PropertyValue",
        propertyID: "Waste carrier registration number",
        value: p.registration_number,
      },
    };
  }
  return seo;
}

export default function ProviderProfile({ loaderData }: Route.ComponentProps) {
  const { provider: p, requested, removed, registerAsOf } = loaderData;
  if (removed) return <ProviderRemoved registration={removed} />;
  if (!p) return <ProviderNotFound registrationNumber={requested} />;
  const website = websiteHref(p.website);
  // Quote requests go to the listing's e-mail: without one, the profile offers phone and website.
  const quotes = offersQuotes(p);
  return (
    <main className="bg-slate-50 pb-16">
      <ProfileHeader provider={p} registerAsOf={registerAsOf} quotes={quotes} />
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
          <ProfileDetails provider={p} quotes={quotes} website={website} />
        </div>
      </div>
    </main>
  );
}
