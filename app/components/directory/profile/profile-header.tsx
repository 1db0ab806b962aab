import { ChevronRightIcon } from "~/components/ui/icons/chevron-right";
import { MapPinIcon } from "~/components/ui/icons/map-pin";
import { PhoneIcon } from "~/components/ui/icons/phone";
import { useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { QUOTE_ANCHOR } from "~/components/directory/anchors";
import { PremiumBadge, ProviderLogo, quotesClosed } from "~/components/directory/provider-card";
import { ValidityBanner } from "~/components/directory/validity";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { fullAddress, tradingName, type Provider } from "~/modules/directory/provider";
import { QuotesClosedNote } from "./quotes-closed";
import { RegisterSource } from "./register-source";

const SEARCH_PATH = /^\/search-results(?:[/?]|$)/;
const noSubscription = () => () => {};

/** The referring page, when it was a search on this site (a map popup's link, a page load). */
function referringSearch(): string | null {
  try {
    const url = new URL(document.referrer);
    const path = `${url.pathname}${url.search}`;
    return url.origin === window.location.origin && SEARCH_PATH.test(path) ? path : null;
  } catch {
    return null;
  }
}

/**
 * Where the visitor came from, when it was a search here: the result cards' links carry it in
 * the history state; a full page load from a search (a map popup's link) is read from the
 * referrer once the page runs. Otherwise the unfiltered results.
 */
export function useBackToSearch(): string {
  const state: unknown = useLocation().state;
  const referrer = useSyncExternalStore(noSubscription, referringSearch, () => null);
  const from = state && typeof state === "object" && "from" in state ? state.from : null;
  if (typeof from === "string" && SEARCH_PATH.test(from)) return from;
  return referrer ?? "/search-results";
}

function Breadcrumb({ name }: { name: string }) {
  const back = useBackToSearch();
  return (
    <nav aria-label="Breadcrumb" className="py-3 text-sm">
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        <li>
          <SiteLink to="/" className="hover:text-brand-700 hover:underline">
            Home
          </SiteLink>
        </li>
        <li aria-hidden>
          <ChevronRightIcon className="h-4 w-4" />
        </li>
        <li>
          <SiteLink to={back} className="hover:text-brand-700 hover:underline">
            Search Results
          </SiteLink>
        </li>
        <li aria-hidden>
          <ChevronRightIcon className="h-4 w-4" />
        </li>
        <li aria-current="page" className="font-medium text-slate-900">
          {name}
        </li>
      </ol>
    </nav>
  );
}

/**
 * What the visitor came for, first (on a phone too): the name, the licence answer, the address,
 * and the main action: Request a Quote, or the phone number of a claimed listing that has one. A
 * premium listing whose registration has expired says there why it takes no quote requests. The
 * business's signed-in owner (`ownBusiness`) is not invited to ask itself for a quote (decision 0276).
 */
export function ProfileHeader({
  provider: p,
  registerAsOf,
  quotes,
  ownBusiness = false,
}: {
  provider: Provider;
  registerAsOf: string | null;
  quotes: boolean;
  ownBusiness?: boolean;
}) {
  const address = fullAddress(p);
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <Breadcrumb name={p.business_name} />
        <div className="flex flex-col gap-4 pt-2 pb-6 sm:flex-row sm:items-start sm:gap-6 sm:pt-4 sm:pb-8">
          {p.is_claimed ? <ProviderLogo provider={p} size="lg" /> : null}
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
                {p.business_name}
              </h1>
              {p.is_claimed && p.is_premium ? <PremiumBadge /> : null}
            </div>
            <RegisterHolder provider={p} />
            <p className="mt-1 font-mono text-slate-600">{p.registration_number}</p>
            <ValidityBanner provider={p} className="mt-3 max-w-xl" />
            <p className="mt-3 flex items-start gap-1.5 text-slate-700">
              <MapPinIcon className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
              <span>{address ?? "Address not available"}</span>
            </p>
            <RegisterSource
              registrationNumber={p.registration_number}
              asOf={registerAsOf}
              className="mt-2 max-w-xl"
            />
          </div>
          <HeaderActions provider={p} quotes={quotes} ownBusiness={ownBusiness} />
        </div>
      </div>
    </div>
  );
}

/**
 * A listing renamed by its owner is a trading name of the registration's holder, said under the
 * name it shows (decision 0281): the register's name is never hidden behind the listing's.
 */
function RegisterHolder({ provider: p }: { provider: Provider }) {
  if (!tradingName(p)) return null;
  return (
    <p className="mt-1 text-slate-700" data-testid="profile-register-name">
      Trading name of <strong className="text-slate-900">{p.register_name}</strong>, the registration holder
      on the public register
    </p>
  );
}

function HeaderActions({
  provider: p,
  quotes,
  ownBusiness,
}: {
  provider: Provider;
  quotes: boolean;
  ownBusiness: boolean;
}) {
  const closed = quotes ? null : quotesClosed(p);
  // The business's signed-in owner is not invited to ask itself for a quote (decision 0276).
  const ask = quotes && !ownBusiness;
  if (!ask && !closed && !(p.is_claimed && p.phone)) return null;
  return (
    <div className="flex shrink-0 flex-wrap gap-2 sm:flex-col sm:items-stretch">
      {ask ? (
        <a href={`#${QUOTE_ANCHOR}`} className={cn(buttonVariants({ variant: "primary", size: "lg" }))}>
          Request a Quote
        </a>
      ) : closed ? (
        <QuotesClosedNote closed={closed} />
      ) : null}
      {p.is_claimed && p.phone ? (
        <a
          href={`/provider/${encodeURIComponent(p.registration_number)}/call`}
          rel="nofollow"
          aria-label={`Call ${p.business_name}`}
          className={buttonVariants({ variant: quotes || closed ? "outline" : "primary", size: "lg" })}
        >
          <PhoneIcon aria-hidden className="h-4 w-4" /> Call
        </a>
      ) : null}
    </div>
  );
}
