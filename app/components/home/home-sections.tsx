import { ArrowRightIcon } from "~/components/ui/icons/arrow-right";
import { Building2Icon } from "~/components/ui/icons/building-2";
import { FileSearchIcon } from "~/components/ui/icons/file-search";
import { MapPinIcon } from "~/components/ui/icons/map-pin";
import { ShieldAlertIcon } from "~/components/ui/icons/shield-alert";
import { ShieldCheckIcon } from "~/components/ui/icons/shield-check";
import { StarIcon } from "~/components/ui/icons/star";
import { TriangleAlertIcon } from "~/components/ui/icons/triangle-alert";
import { SiteLink } from "~/components/ui/site-link";
import {
  ClaimedBadge,
  ProviderLogo,
  profileHref,
  RegisterName,
  ServiceList,
} from "~/components/directory/provider-card";
import { HeroSearch } from "~/components/directory/search-box";
import { ValidityBadge } from "~/components/directory/validity";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { FEATURED_CARD_SERVICES } from "~/modules/directory/constants";
import type { FeaturedProviders } from "~/modules/directory/featured-providers.server";
import { CITY_LINKS, POPULAR_LOCATIONS } from "~/modules/directory/places";
import type { CardProvider } from "~/modules/directory/provider";

/** The sections of the home page, top to bottom. */

function SectionTitle({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
      {children}
    </h2>
  );
}

const cityHref = (city: string) => `/search-results/${encodeURIComponent(city)}`;

export function HomeWarning() {
  return (
    <div role="note" aria-label="Warning" className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-7xl items-start gap-3 px-4 py-3 text-sm text-amber-950 sm:items-center sm:px-6">
        <TriangleAlertIcon aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-amber-700 sm:mt-0" />
        <p>
          <strong>Warning:</strong> carrying waste without a valid waste carrier registration is a criminal
          offence. Unlicensed carriers risk an <strong>unlimited fine or up to 5 years in prison</strong>, and
          householders who use them can be fined too.
        </p>
      </div>
    </div>
  );
}

export function HomeHero() {
  return (
    <section className="relative overflow-hidden bg-gradient-to-br from-brand-700 via-brand-800 to-brand-900 text-white">
      <div className="mx-auto max-w-7xl px-4 pt-14 pb-16 sm:px-6 lg:pt-20 lg:pb-24">
        <div className="max-w-3xl">
          <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-brand-100 ring-1 ring-white/20">
            <ShieldCheckIcon aria-hidden className="h-4 w-4" /> Built on the public register of waste carriers
          </p>
          <h1 className="mt-5 text-4xl font-bold tracking-tight sm:text-5xl">
            Find a licensed waste carrier near you
          </h1>
          <p className="mt-4 text-lg leading-8 text-brand-100">
            Search thousands of registered rubbish removal services, check their licence in seconds and
            request free quotes from verified local businesses.
          </p>
        </div>
        <div className="mt-8 max-w-3xl">
          <HeroSearch />
        </div>
        <div className="mt-6 flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-brand-100">Popular:</span>
          {POPULAR_LOCATIONS.map((city) => (
            <SiteLink
              key={city}
              to={cityHref(city)}
              className="inline-flex items-center gap-1 rounded-full bg-white/10 px-3 py-1 font-medium text-white ring-1 ring-white/25 hover:bg-white/20"
            >
              <MapPinIcon className="h-3.5 w-3.5" /> {city}
            </SiteLink>
          ))}
        </div>
      </div>
    </section>
  );
}

export function FeaturedSection({
  featured,
}: {
  featured: (Omit<FeaturedProviders, "providers"> & { providers: CardProvider[] }) | null;
}) {
  // The fallback: nobody has claimed a listing yet, so the heading says what these are.
  const unclaimed = !!featured && !featured.claimed && featured.providers.length > 0;
  return (
    <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <SectionTitle id="featured-title">
            {unclaimed ? "Registered waste carriers" : "Featured carriers"}
          </SectionTitle>
          {unclaimed ? (
            <p className="mt-2 max-w-2xl text-slate-600">
              These listings come from the public register of waste carriers and have not been claimed by
              their businesses yet, so we have not checked their details.
            </p>
          ) : (
            <p className="mt-2 text-slate-600">Verified businesses that manage their listing with us.</p>
          )}
        </div>
        <SiteLink
          to="/search-results"
          className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          Browse the directory <ArrowRightIcon aria-hidden className="h-4 w-4" />
        </SiteLink>
      </div>
      {featured === null ? (
        <p role="alert" className="mt-8 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
          Could not load providers
        </p>
      ) : featured.providers.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-600">
          No featured providers available at the moment.
        </p>
      ) : (
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {featured.providers.map((p) => (
            <li key={p.registration_number}>
              <FeaturedCard provider={p} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function WhyVerifiedSection() {
  return (
    <section aria-labelledby="why-title" className="bg-slate-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
        <SectionTitle id="why-title">Why choose a verified waste carrier?</SectionTitle>
        <p className="mt-2 max-w-2xl text-slate-600">
          Under your duty of care you must take reasonable steps to make sure your waste goes to someone
          allowed to take it.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {[
            {
              icon: ShieldCheckIcon,
              title: "Licensed and checked",
              text: "Every listing comes from the public register of waste carriers, brokers and dealers.",
            },
            {
              icon: ShieldAlertIcon,
              title: "Avoid fly-tipping fines",
              text: "If your waste is fly-tipped by an unlicensed carrier, you can be fined as well.",
            },
            {
              icon: FileSearchIcon,
              title: "Check in seconds",
              text: "Look up any registration number to see its tier, dates and whether it is still valid.",
            },
            {
              icon: StarIcon,
              title: "Verified businesses",
              text: "Claimed listings are checked by our team before their details go live.",
            },
          ].map((f) => (
            <li key={f.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                <f.icon aria-hidden className="h-6 w-6" />
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">{f.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{f.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function CitiesSection() {
  return (
    <section aria-labelledby="cities-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6">
      <SectionTitle id="cities-title">Find waste carriers by city</SectionTitle>
      <ul className="mt-8 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {CITY_LINKS.map((city) => (
          <li key={city}>
            <SiteLink
              to={cityHref(city)}
              className="hover:border-brand-300 flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm font-medium text-slate-800 hover:bg-brand-50 hover:text-brand-800"
            >
              <MapPinIcon className="h-4 w-4 shrink-0 text-brand-600" />
              Waste carriers in {city}
            </SiteLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function RegisterCta() {
  return (
    <section aria-labelledby="cta-title" className="mx-auto max-w-7xl px-4 pb-20 sm:px-6">
      <div className="flex flex-col items-start justify-between gap-6 rounded-2xl bg-slate-900 px-8 py-10 text-white md:flex-row md:items-center">
        <div className="max-w-2xl">
          <h2 id="cta-title" className="flex items-center gap-2 text-2xl font-bold">
            <Building2Icon aria-hidden className="h-7 w-7 text-brand-200" /> Are you a registered waste
            carrier?
          </h2>
          <p className="mt-2 text-slate-300">
            Your business is probably already listed. Claim it free to add your services, contact details and
            logo, and start receiving quote requests.
          </p>
        </div>
        <SiteLink
          to="/register"
          className={cn(
            buttonVariants({ variant: "primary", size: "lg" }),
            "shrink-0 bg-brand-500 text-slate-950 hover:bg-brand-200",
          )}
        >
          Register My Business
        </SiteLink>
      </div>
    </section>
  );
}

function FeaturedCard({ provider: p }: { provider: CardProvider }) {
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      <div className="flex items-start gap-4">
        <ProviderLogo provider={p} />
        <div className="min-w-0">
          <h3 className="leading-snug font-semibold text-slate-900">
            <SiteLink
              to={profileHref(p.registration_number)}
              className="hover:text-brand-700 hover:underline"
            >
              {p.business_name}
            </SiteLink>
          </h3>
          <RegisterName provider={p} />
          <p className="mt-0.5 flex items-center gap-1 text-sm text-slate-600">
            <MapPinIcon className="h-3.5 w-3.5" /> {p.town ?? "Location not recorded"}
          </p>
        </div>
      </div>
      <div className="mt-4 flex flex-wrap gap-1.5">
        {p.is_claimed ? <ClaimedBadge label="Verified" /> : null}
        <ValidityBadge provider={p} />
      </div>
      {p.is_claimed ? (
        <div className="mt-4">
          <ServiceList services={p.services} max={FEATURED_CARD_SERVICES} />
        </div>
      ) : null}
      <div className="mt-auto pt-5">
        <SiteLink
          to={profileHref(p.registration_number)}
          className={cn(buttonVariants({ variant: "outline", size: "sm" }), "w-full")}
        >
          View Profile<span className="sr-only">: {p.business_name}</span>
        </SiteLink>
      </div>
    </article>
  );
}
