import {
  ChevronRight,
  Crown,
  ExternalLink,
  Flag,
  Globe,
  Mail,
  MapPin,
  MessageSquareQuote,
  Phone,
  SearchX,
} from "lucide-react";
import { data, Link, redirect } from "react-router";
import { isbot } from "isbot";
import { offersQuotes, profileHref, ProviderLogo, ServiceList } from "~/components/directory/provider-card";
import { QUOTE_ANCHOR } from "~/components/directory/anchors";
import { ProviderQuoteFormSlot, ProviderReviewsSlot } from "~/components/directory/slots";
import { ValidityBanner } from "~/components/directory/validity";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { getProvider } from "~/modules/directory/get-provider.server";
import {
  getRemovedRegistration,
  type RemovedRegistration,
} from "~/modules/directory/get-removed-registration.server";
import { registerDataAsOf } from "~/modules/directory/register-data-date.server";
import { parseRegistrationNumber, publicRegisterUrl } from "~/modules/directory/registration";
import {
  fullAddress,
  registrationTypeLabel,
  applicantTypeLabel,
  tierLabel,
  websiteHref,
  type Provider,
} from "~/modules/directory/provider";
import { getApp } from "~/web/context";
import { loaderHeadersOnly, pageCacheHeaders, profileViewEvent } from "~/web/page-cache";
import type { Route } from "./+types/provider";
import { formatDate } from "~/platform/dates";
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
  return data(
    {
      provider,
      removed: null,
      registerAsOf,
      requested: provider.registration_number,
      seo: profileSeo(provider, canonical, app.config.publicUrl),
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
  const { provider, requested, removed, registerAsOf } = loaderData;
  if (removed) return <ProviderRemoved registration={removed} />;
  if (!provider) return <ProviderNotFound registrationNumber={requested} />;
  const p = provider;
  const address = fullAddress(p);
  const website = websiteHref(p.website);
  const premium = p.is_claimed && p.is_premium;
  // Quote requests go to the listing's e-mail: without one, the profile offers phone and website.
  const quotes = offersQuotes(p);

  return (
    <main className="bg-slate-50 pb-16">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <nav aria-label="Breadcrumb" className="py-3 text-sm">
            <ol className="flex flex-wrap items-center gap-1 text-slate-600">
              <li>
                <Link to="/" className="hover:text-brand-700 hover:underline">
                  Home
                </Link>
              </li>
              <li aria-hidden>
                <ChevronRight className="h-4 w-4" />
              </li>
              <li>
                <Link to="/search-results" className="hover:text-brand-700 hover:underline">
                  Search Results
                </Link>
              </li>
              <li aria-hidden>
                <ChevronRight className="h-4 w-4" />
              </li>
              <li aria-current="page" className="font-medium text-slate-900">
                {p.business_name}
              </li>
            </ol>
          </nav>
          <div className="flex flex-col gap-6 pt-4 pb-8 sm:flex-row sm:items-start">
            {p.is_claimed ? <ProviderLogo provider={p} size="lg" /> : null}
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h1 className="text-3xl font-bold tracking-tight text-slate-900">{p.business_name}</h1>
                {premium ? (
                  <Badge tone="amber">
                    <Crown aria-hidden className="h-3.5 w-3.5" /> Premium
                  </Badge>
                ) : null}
              </div>
              <p className="mt-1 font-mono text-slate-600">{p.registration_number}</p>
              <p className="mt-3 flex items-start gap-1.5 text-slate-700">
                <MapPin aria-hidden className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
                <span>{address ?? "Address not available"}</span>
              </p>
              <ValidityBanner provider={p} className="mt-4 max-w-xl" />
              <RegisterSource
                registrationNumber={p.registration_number}
                asOf={registerAsOf}
                className="mt-2 max-w-xl"
              />
            </div>
            {quotes ? (
              <a
                href={`#${QUOTE_ANCHOR}`}
                className={cn(buttonVariants({ variant: "primary", size: "lg" }), "shrink-0")}
              >
                Request a Quote
              </a>
            ) : null}
          </div>
        </div>
      </div>

      <div className="mx-auto mt-8 grid max-w-6xl gap-6 px-4 sm:px-6 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>About</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="leading-7 whitespace-pre-line text-slate-700">
                {p.is_claimed && p.about?.trim() ? p.about : "This business hasn't added a description yet."}
              </p>
            </CardContent>
          </Card>

          {p.is_claimed ? (
            <>
              <Card>
                <CardHeader>
                  <CardTitle>Services offered</CardTitle>
                </CardHeader>
                <CardContent>
                  {p.services.length ? (
                    <ServiceList services={p.services} max={p.services.length} />
                  ) : (
                    <p className="text-slate-600">No services listed yet.</p>
                  )}
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Areas covered</CardTitle>
                </CardHeader>
                <CardContent>
                  {p.areas_covered.length ? (
                    <ul className="flex flex-wrap gap-1.5">
                      {p.areas_covered.map((a) => (
                        <li key={a} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                          {a}
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-slate-600">No areas listed yet.</p>
                  )}
                </CardContent>
              </Card>
            </>
          ) : null}

          {premium ? (
            <>
              {/* Filled by the enquiries issue: verified reviews and the review form. */}
              <ProviderReviewsSlot provider={p} />
              {quotes ? (
                /* Filled by the enquiries issue: the quote request form (keeps the #quote anchor). */
                <div id={QUOTE_ANCHOR} className="scroll-mt-24">
                  <ProviderQuoteFormSlot provider={p} />
                </div>
              ) : (
                <ContactDirectly provider={p} website={website} />
              )}
            </>
          ) : null}
        </div>

        <div className="space-y-6">
          {p.is_claimed ? (
            <Card>
              <CardHeader>
                <CardTitle>Contact</CardTitle>
              </CardHeader>
              <CardContent className="space-y-3 text-sm">
                {p.phone ? (
                  <a
                    href={`/provider/${encodeURIComponent(p.registration_number)}/call`}
                    rel="nofollow"
                    className="flex items-center gap-2 font-semibold text-brand-700 hover:underline"
                  >
                    <Phone aria-hidden className="h-4 w-4" /> {p.phone}
                  </a>
                ) : null}
                {p.email ? (
                  <a
                    href={`mailto:${p.email}`}
                    className="flex items-center gap-2 break-all text-brand-700 hover:underline"
                  >
                    <Mail aria-hidden className="h-4 w-4 shrink-0" /> {p.email}
                  </a>
                ) : null}
                {website ? (
                  <a
                    href={website}
                    rel="noopener nofollow"
                    target="_blank"
                    className="flex items-center gap-2 break-all text-brand-700 hover:underline"
                  >
                    <Globe aria-hidden className="h-4 w-4 shrink-0" /> {p.website}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : null}
                {!p.phone && !p.email && !website ? (
                  <p className="text-slate-600">No contact details listed yet.</p>
                ) : null}
              </CardContent>
            </Card>
          ) : null}

          <Card>
            <CardHeader>
              <CardTitle>Registration details</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-3 text-sm">
                {[
                  ["Registration number", p.registration_number],
                  ["Company number", p.company_number || "Not recorded"],
                  ["Registration date", formatDate(p.registration_date) || "Not recorded"],
                  ["Expiry date", p.expiry_date ? formatDate(p.expiry_date) : "Does not expire (lower tier)"],
                  ["Tier", tierLabel(p.registration_tier)],
                  ["Registration type", registrationTypeLabel(p.registration_type)],
                  ...(p.applicant_type ? [["Applicant type", applicantTypeLabel(p.applicant_type)]] : []),
                ].map(([k, v]) => (
                  <div
                    key={k}
                    className="flex justify-between gap-4 border-b border-slate-100 pb-2 last:border-0 last:pb-0"
                  >
                    <dt className="text-slate-600">{k}</dt>
                    <dd className="text-right font-medium text-slate-900">{v}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-4 text-xs leading-5 text-slate-600">
                From the Environment Agency's public register
                {registerAsOf ? `, as of ${formatDate(registerAsOf)}` : ""}. Always check a carrier's
                registration before handing over your waste.
              </p>
            </CardContent>
          </Card>

          <p className="text-center text-sm">
            <Link
              to={`/provider/${encodeURIComponent(p.registration_number)}/report`}
              rel="nofollow"
              className="inline-flex items-center gap-1.5 text-slate-700 underline hover:text-red-800"
            >
              <Flag aria-hidden className="h-4 w-4" /> Report this carrier
            </Link>
          </p>

          {!p.is_claimed ? (
            <Card className="border-brand-200 bg-brand-50">
              <CardContent className="py-5">
                <h2 className="text-base font-semibold text-slate-900">Do you own this business?</h2>
                <p className="mt-1 text-sm text-slate-700">
                  Claim this listing to add your logo, services, contact details and areas covered.
                </p>
                <Link
                  to={`/claim/${encodeURIComponent(p.registration_number)}`}
                  className={cn(buttonVariants({ variant: "primary", size: "md" }), "mt-4 w-full")}
                >
                  Claim This Listing
                </Link>
              </CardContent>
            </Card>
          ) : null}
        </div>
      </div>
    </main>
  );
}

/**
 * When the register data was last synced ('Register data as of 23 November 2026'; nothing when no
 * sync has succeeded) and the official register entry for the number.
 */
function RegisterSource({
  registrationNumber,
  asOf,
  className,
}: {
  registrationNumber: string;
  asOf: string | null;
  className?: string;
}) {
  return (
    <p className={cn("flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700", className)}>
      {asOf ? <span>Register data as of {formatDate(asOf)}</span> : null}
      <a
        href={publicRegisterUrl(registrationNumber)}
        className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
      >
        Check this registration on the Environment Agency's public register
        <ExternalLink aria-hidden className="ml-1 inline h-3.5 w-3.5 align-[-2px]" />
      </a>
    </p>
  );
}

/** A premium listing without an e-mail address: no quote form; its phone and website instead. */
function ContactDirectly({ provider: p, website }: { provider: Provider; website: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquareQuote aria-hidden className="h-5 w-5 text-brand-700" /> Ask for a quote
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {p.phone || website ? (
          <>
            <p className="text-slate-700">
              {p.business_name} takes quote requests directly. Contact them by:
            </p>
            <ul className="flex flex-wrap gap-3">
              {p.phone ? (
                <li>
                  <a
                    href={`/provider/${encodeURIComponent(p.registration_number)}/call`}
                    rel="nofollow"
                    className={buttonVariants({ variant: "primary", size: "md" })}
                  >
                    <Phone aria-hidden className="h-4 w-4" /> Call {p.phone}
                  </a>
                </li>
              ) : null}
              {website ? (
                <li>
                  <a
                    href={website}
                    rel="noopener nofollow"
                    target="_blank"
                    className={buttonVariants({ variant: "outline", size: "md" })}
                  >
                    <Globe aria-hidden className="h-4 w-4" /> Visit their website
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ) : null}
            </ul>
          </>
        ) : (
          <p className="text-slate-700">{p.business_name} has not listed a way to ask for a quote yet.</p>
        )}
      </CardContent>
    </Card>
  );
}

function ProviderRemoved({ registration }: { registration: RemovedRegistration }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-20 text-center">
      <SearchX aria-hidden className="mx-auto h-12 w-12 text-slate-500" />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{registration.business_name}</h1>
      <p className="mt-1 font-mono text-slate-600">{registration.registration_number}</p>
      <div
        role="status"
        className="mx-auto mt-6 max-w-xl rounded-lg border border-red-200 bg-red-50 p-4 text-left text-red-900"
      >
        <p className="font-semibold">No longer on the register</p>
        <p className="mt-1 text-sm">
          This registration is no longer on the Environment Agency's public register of waste carriers
          {registration.removed_at
            ? ` (not found since ${formatDate(registration.removed_at.slice(0, 10))})`
            : ""}
          . Do not hand waste to a carrier without a current registration.
        </p>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/search-results" className={buttonVariants({ variant: "primary", size: "lg" })}>
          Find a registered carrier
        </Link>
        <Link
          to={`/provider/${encodeURIComponent(registration.registration_number)}/report`}
          rel="nofollow"
          className={buttonVariants({ variant: "outline", size: "lg" })}
        >
          Report this carrier
        </Link>
      </div>
    </main>
  );
}

function ProviderNotFound({ registrationNumber }: { registrationNumber: string }) {
  const parsed = parseRegistrationNumber(registrationNumber);
  return (
    <main className="mx-auto max-w-2xl px-4 py-20 text-center">
      <SearchX aria-hidden className="mx-auto h-12 w-12 text-slate-500" />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Provider Not Found</h1>
      <p className="mt-3 text-slate-700">
        We couldn't find a waste carrier with registration number {registrationNumber}.
      </p>
      {parsed.kind === "other" ? (
        <p className="mt-3 text-slate-700">
          {parsed.number} is a registration number from {parsed.regulator.nation}, kept by{" "}
          {parsed.regulator.name}. This directory covers the Environment Agency's register (England and
          Wales):{" "}
          <a href={parsed.regulator.registerUrl} className="font-semibold text-brand-700 underline">
            check it on {parsed.regulator.code}'s register
          </a>
          .
        </p>
      ) : null}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonVariants({ variant: "primary", size: "lg" })}>
          Return to Home
        </Link>
        <Link to="/search-results" className={buttonVariants({ variant: "outline", size: "lg" })}>
          Search the directory
        </Link>
      </div>
    </main>
  );
}
