import { BadgeCheckIcon } from "~/components/ui/icons/badge-check";
import { CrownIcon } from "~/components/ui/icons/crown";
import { MapPinIcon } from "~/components/ui/icons/map-pin";
import { useLocation } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { logoSources } from "~/modules/company/logo-files";
import {
  fullAddress,
  tierLabel,
  tradingName,
  type CardProvider,
  type Provider,
} from "~/modules/directory/provider";
import { isInForce, registrationState } from "~/modules/directory/registration";
import { formatMiles } from "~/modules/directory/wording";
import { quotesClosedBy, type QuotesClosed } from "~/modules/quotes/quote-registration";
import { QUOTE_ANCHOR } from "./anchors";
import { ValidityBadge } from "./validity";

export function profileHref(registrationNumber: string): string {
  return `/provider/${encodeURIComponent(registrationNumber)}`;
}

/** A registration that may be relied on today (valid, or lower tier): registrationState's rule. */
export function inForce(p: Pick<Provider, "expiry_date" | "registration_tier">): boolean {
  return isInForce(registrationState(p));
}

/**
 * A card is drawn as Premium (crown, gold border) only while the registration is in force: an
 * expired listing is not featured, whatever its plan (decision 0278).
 */
function showsPremium(provider: CardProvider): boolean {
  return provider.is_premium && inForce(provider);
}

type QuoteFacts = Pick<Provider, "is_claimed" | "is_premium" | "email" | "expiry_date" | "registration_tier">;

/**
 * A claimed premium listing takes quote requests when it has an e-mail address to send them to
 * and its registration is in force (an expiring one until its expiry date; decision 0260): cards
 * and the profile offer the form only then. The server refuses the others (createQuoteRequest).
 */
export function offersQuotes(provider: QuoteFacts, now: Date = new Date()): boolean {
  return (
    provider.is_claimed && provider.is_premium && !!provider.email?.trim() && !quotesClosedBy(provider, now)
  );
}

/**
 * Why a claimed premium listing takes no quote requests (its registration has expired), said where
 * "Request a Quote" would be; null for the others (in force, or no quote form anyway).
 */
export function quotesClosed(provider: QuoteFacts, now: Date = new Date()): QuotesClosed | null {
  return provider.is_claimed && provider.is_premium ? quotesClosedBy(provider, now) : null;
}

export function ServiceList({ services, max }: { services: string[]; max: number }) {
  if (!services.length) return null;
  const shown = services.slice(0, max);
  const more = services.length - shown.length;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Services">
      {shown.map((s) => (
        <li
          key={s}
          className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-200"
        >
          {s}
        </li>
      ))}
      {more > 0 ? (
        <li className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
          +{more} more
        </li>
      ) : null}
    </ul>
  );
}

export function ProviderLogo({ provider, size = "md" }: { provider: CardProvider; size?: "md" | "lg" }) {
  const box = size === "lg" ? "h-20 w-20 text-2xl" : "h-12 w-12 text-base";
  if (provider.is_claimed && provider.logo_url) {
    const img = cn(box, "shrink-0 rounded-lg border border-slate-200 bg-white object-contain");
    const alt = `${provider.business_name} logo`;
    const sources = logoSources(provider.logo_url);
    if (!sources) return <img src={provider.logo_url} alt={alt} className={img} />;
    // 128 px for a card, 512 px where a large logo on a sharp screen needs it; WebP when the browser takes it.
    const sizes = size === "lg" ? "80px" : "48px";
    return (
      <picture className="shrink-0">
        <source type="image/webp" srcSet={sources.webp} sizes={sizes} />
        <img src={sources.src} srcSet={sources.fallback} sizes={sizes} alt={alt} className={img} />
      </picture>
    );
  }
  const initials = provider.business_name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z0-9]/.test(w))
    .slice(0, 2)
    .map((w) => w[0].toUpperCase())
    .join("");
  return (
    <span aria-hidden className={cn(box, "logo-initials")}>
      {initials || "?"}
    </span>
  );
}

export function PremiumBadge() {
  return (
    <Badge tone="amber">
      <CrownIcon aria-hidden className="h-3.5 w-3.5" /> Premium
    </Badge>
  );
}

/** A claimed listing's badge ("Claimed" on result cards, "Verified" on the home page's cards). */
export function ClaimedBadge({ label }: { label: string }) {
  return (
    <Badge tone="green">
      <BadgeCheckIcon aria-hidden className="h-3.5 w-3.5" />
      {` ${label}`}
    </Badge>
  );
}

/** The search a result card was on, so the profile's breadcrumb can go back to it. */
function useSearchState(): { from: string } | undefined {
  const { pathname, search } = useLocation();
  return pathname.startsWith("/search-results") ? { from: `${pathname}${search}` } : undefined;
}

/**
 * A result card: every card links View Profile (a visitor's first question is about the carrier);
 * premium ones add Request Quote, unclaimed ones Claim This Listing for their owner. A distance
 * search numbers the cards like the map's markers and says how far each is.
 */
export function ProviderCard({
  provider,
  maxServices,
  headingLevel = 3,
  number,
  distanceMiles,
}: {
  provider: CardProvider;
  maxServices: number;
  headingLevel?: 2 | 3;
  number?: number;
  distanceMiles?: number | null;
}) {
  const address = fullAddress(provider);
  const href = profileHref(provider.registration_number);
  const state = useSearchState();
  return (
    <article
      className={cn(
        "result-card",
        showsPremium(provider) ? "border-amber-300 ring-1 ring-amber-200" : "border-slate-200",
      )}
    >
      <CardTitle
        provider={provider}
        href={href}
        state={state}
        headingLevel={headingLevel}
        number={number}
        distanceMiles={distanceMiles}
      />
      <CardBadges provider={provider} />
      <p className="mt-3 flex items-start gap-1.5 text-sm text-slate-700">
        <MapPinIcon className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
        <span>{address ?? "Address not available"}</span>
      </p>
      {provider.is_claimed ? (
        <div className="mt-3">
          <ServiceList services={provider.services} max={maxServices} />
        </div>
      ) : null}
      <CardActions provider={provider} href={href} state={state} />
    </article>
  );
}

function CardTitle({
  provider,
  href,
  state,
  headingLevel,
  number,
  distanceMiles,
}: {
  provider: CardProvider;
  href: string;
  state: { from: string } | undefined;
  headingLevel: 2 | 3;
  number?: number;
  distanceMiles?: number | null;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="flex items-start gap-4">
      {number ? (
        <span aria-hidden className="card-number">
          {number}
        </span>
      ) : null}
      <ProviderLogo provider={provider} />
      <div className="min-w-0 flex-1">
        <Heading className="text-lg leading-snug font-semibold text-slate-900">
          <SiteLink to={href} state={state} className="hover:text-brand-700 hover:underline">
            {number ? <span className="sr-only">{`${number}. `}</span> : null}
            {provider.business_name}
          </SiteLink>
        </Heading>
        <RegisterName provider={provider} />
        <p className="mt-0.5 font-mono text-sm text-slate-600">{provider.registration_number}</p>
        {distanceMiles != null ? (
          <p className="mt-1 text-sm font-semibold text-brand-800" data-testid="distance">
            {formatMiles(distanceMiles)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

function CardBadges({ provider }: { provider: CardProvider }) {
  return (
    <div className="mt-3 flex flex-wrap gap-1.5">
      {showsPremium(provider) ? <PremiumBadge /> : null}
      {provider.is_claimed ? <ClaimedBadge label="Claimed" /> : null}
      <ValidityBadge provider={provider} />
      <Badge tone="slate">{tierLabel(provider.registration_tier)}</Badge>
    </div>
  );
}

function CardActions({
  provider,
  href,
  state,
}: {
  provider: CardProvider;
  href: string;
  state: { from: string } | undefined;
}) {
  return (
    <div className="mt-auto flex flex-wrap gap-2 pt-4">
      <SiteLink to={href} state={state} className={buttonVariants({ variant: "outline", size: "sm" })}>
        View Profile<span className="sr-only">{`: ${provider.business_name}`}</span>
      </SiteLink>
      {provider.is_claimed ? null : (
        <SiteLink
          to={`/claim/${encodeURIComponent(provider.registration_number)}`}
          className={buttonVariants({ variant: "ghost", size: "sm" })}
        >
          Claim This Listing<span className="sr-only">{`: ${provider.business_name}`}</span>
        </SiteLink>
      )}
      {offersQuotes(provider) ? (
        <SiteLink
          to={`${href}#${QUOTE_ANCHOR}`}
          className={buttonVariants({ variant: "primary", size: "sm" })}
        >
          Request Quote<span className="sr-only">{`: ${provider.business_name}`}</span>
        </SiteLink>
      ) : (
        <CardQuotesClosed provider={provider} />
      )}
    </div>
  );
}

/** Where a card's Request Quote would be: why this carrier takes none (decision 0260). */
function CardQuotesClosed({ provider }: { provider: CardProvider }) {
  const closed = quotesClosed(provider);
  if (!closed) return null;
  return (
    <p className="self-center text-sm text-slate-700" data-testid="quotes-closed">
      {closed.short}
    </p>
  );
}

/**
 * A renamed listing's card names the registration's holder as the register does, under the
 * listing's own name (decision 0281): the licence badge beside it is never the own name's alone.
 */
export function RegisterName({
  provider,
}: {
  provider: Pick<CardProvider, "business_name" | "register_name">;
}) {
  if (!tradingName(provider)) return null;
  return <p className="mt-0.5 text-sm text-slate-600">Trading name of {provider.register_name}</p>;
}
