import { CalendarClockIcon } from "~/components/ui/icons/calendar-clock";
import { CircleAlertIcon } from "~/components/ui/icons/circle-alert";
import { ExternalLinkIcon } from "~/components/ui/icons/external-link";
import { InfoIcon } from "~/components/ui/icons/info";
import { ShieldCheckIcon } from "~/components/ui/icons/shield-check";
import { ShieldXIcon } from "~/components/ui/icons/shield-x";
import { SiteLink } from "~/components/ui/site-link";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { registrationTypeLabel, tierLabel, tradingName, type Provider } from "~/modules/directory/provider";
import type { RemovedRegistration } from "~/modules/directory/get-removed-registration.server";
import {
  expiresInText,
  parseRegistrationNumber,
  publicRegisterUrl,
  registrationState,
  type OtherRegulator,
} from "~/modules/directory/registration";
import { profileHref } from "./provider-card";
import { validityText } from "./validity";
import { formatDate } from "~/platform/dates";

/**
 * Registration searches longer than 5 characters: the exact match, named as the register names
 * its holder (decision 0281); for a number of another UK register, which regulator keeps it;
 * otherwise 'Invalid Registration Number' (spec).
 */
export function LicencePanel({
  query,
  provider,
  removed = null,
  otherRegister,
}: {
  query: string;
  provider: Provider | null;
  /** The number was on the register and a full sync no longer found it. */
  removed?: RemovedRegistration | null;
  otherRegister?: ({ number: string } & OtherRegulator) | null;
}) {
  if (otherRegister) return <OtherRegisterPanel register={otherRegister} />;
  if (!provider && removed) return <RemovedNumberPanel registration={removed} />;
  if (!provider) {
    return <InvalidNumberPanel query={query} />;
  }
  const state = registrationState(provider);
  const valid = state.state === "valid" || state.state === "no-expiry";
  return (
    <section
      aria-labelledby="licence-title"
      className={cn(
        "rounded-xl border p-5",
        valid ? "border-green-300 bg-green-50" : "border-red-200 bg-red-50",
      )}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <LicenceSummary provider={provider} state={state} valid={valid} />
        <SiteLink
          to={profileHref(provider.registration_number)}
          className={cn(buttonVariants({ variant: "outline", size: "sm" }), "shrink-0")}
        >
          View full details
        </SiteLink>
      </div>
      <LicenceDates provider={provider} />
    </section>
  );
}

/**
 * A number that was on the register and is no longer (a full sync no longer found it): said so,
 * with whose it was and since when, never "no such number" (the carrier may show old paperwork).
 */
function RemovedNumberPanel({ registration: r }: { registration: RemovedRegistration }) {
  return (
    <section aria-labelledby="licence-title" className="rounded-xl border border-red-200 bg-red-50 p-5">
      <div className="flex items-start gap-3">
        <ShieldXIcon aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-red-700" />
        <div>
          <h2 id="licence-title" className="text-lg font-semibold text-red-900">
            No longer on the register
          </h2>
          <p className="mt-1 text-sm text-red-900">
            <strong className="font-mono">{r.registration_number}</strong> ({r.business_name}) was on the
            Environment Agency's public register of waste carriers and is no longer on it
            {r.removed_at ? ` (not found since ${formatDate(r.removed_at.slice(0, 10))})` : ""}. Do not hand
            waste to a carrier without a current registration.
          </p>
          <p className="mt-2 text-sm text-red-900">
            If the carrier says it has renewed,{" "}
            <a href={publicRegisterUrl(r.registration_number)} className="font-semibold underline">
              check {r.registration_number} on the Environment Agency's public register
            </a>
            .
          </p>
        </div>
      </div>
    </section>
  );
}

/** No provider with this number: 'Invalid Registration Number', with a hint of what went wrong. */
function InvalidNumberPanel({ query }: { query: string }) {
  const parsed = parseRegistrationNumber(query);
  return (
    <section aria-labelledby="licence-title" className="rounded-xl border border-red-200 bg-red-50 p-5">
      <div className="flex items-start gap-3">
        <ShieldXIcon aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-red-700" />
        <div>
          <h2 id="licence-title" className="text-lg font-semibold text-red-900">
            Invalid Registration Number
          </h2>
          <p className="mt-1 text-sm text-red-900">
            No provider found with registration number{" "}
            <strong className="font-mono">{query.toUpperCase()}</strong>.
          </p>
          {parsed.kind === "ea" ? (
            <p className="mt-2 text-sm text-red-900">
              A carrier that cannot show a valid registration should not take your waste. If the carrier gave
              you this number, you can also{" "}
              <a href={publicRegisterUrl(parsed.number)} className="font-semibold underline">
                check {parsed.number} on the Environment Agency's public register
              </a>
              .
            </p>
          ) : (
            <p className="mt-2 text-sm text-red-900">
              This is not a registration number: England and Wales numbers start with CBDU (upper tier) or
              CBDL (lower tier) followed by digits, for example CBDU123456. Check the number and try again. A
              carrier that cannot show a valid registration should not take your waste.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

function LicenceSummary({
  provider,
  state,
  valid,
}: {
  provider: Provider;
  state: ReturnType<typeof registrationState>;
  valid: boolean;
}) {
  const soon = state.state === "valid" && state.expiringSoon;
  return (
    <div className="flex items-start gap-3">
      {valid ? (
        <ShieldCheckIcon aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-green-700" />
      ) : (
        <CircleAlertIcon aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-red-700" />
      )}
      <div>
        <h2 id="licence-title" className="text-lg font-semibold text-slate-900">
          License Verification Result
        </h2>
        <p className={cn("mt-1 text-base font-semibold", valid ? "text-green-800" : "text-red-800")}>
          {validityText(state)}
        </p>
        {soon ? (
          <p className="mt-1 inline-flex items-center gap-1.5 rounded-md bg-amber-100 px-2 py-0.5 text-sm font-semibold text-amber-950">
            <CalendarClockIcon aria-hidden className="h-4 w-4" /> {expiresInText(state.daysLeft)}
          </p>
        ) : null}
        <LicenceHolder provider={provider} />
      </div>
    </div>
  );
}

/**
 * Whose registration it is: the holder's name on the public register, always; a listing's own
 * name only beside it, as a trading name (decision 0281), so a listing renamed by its owner never
 * answers a licence check under a name the register does not hold.
 */
function LicenceHolder({ provider }: { provider: Provider }) {
  const trading = tradingName(provider);
  return (
    <>
      <p className="mt-1 text-slate-800" data-testid="licence-holder">
        Registered to: <strong>{provider.register_name}</strong> ·{" "}
        <span className="font-mono">{provider.registration_number}</span>
      </p>
      {trading ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="licence-trading-name">
          Listed here as <strong>{trading}</strong>: a trading name the business gave its listing, not its
          name on the register.
        </p>
      ) : null}
    </>
  );
}

function LicenceDates({ provider }: { provider: Provider }) {
  return (
    <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-4">
      <div>
        <dt className="text-slate-600">Tier</dt>
        <dd className="font-medium text-slate-900">{tierLabel(provider.registration_tier)}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Registration type</dt>
        <dd className="font-medium text-slate-900">{registrationTypeLabel(provider.registration_type)}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Registration date</dt>
        <dd className="font-medium text-slate-900">
          {formatDate(provider.registration_date) || "Not recorded"}
        </dd>
      </div>
      <div>
        <dt className="text-slate-600">Expiry date</dt>
        <dd className="font-medium text-slate-900">
          {provider.expiry_date && provider.registration_tier !== "LOWER"
            ? formatDate(provider.expiry_date)
            : "Does not expire"}
        </dd>
      </div>
    </dl>
  );
}

/** A Scottish or Northern Irish number: not 'Invalid', but not a register this directory holds. */
function OtherRegisterPanel({ register }: { register: { number: string } & OtherRegulator }) {
  return (
    <section aria-labelledby="licence-title" className="rounded-xl border border-blue-200 bg-blue-50 p-5">
      <div className="flex items-start gap-3">
        <InfoIcon aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-blue-800" />
        <div className="text-blue-950">
          <h2 id="licence-title" className="text-lg font-semibold">
            License Verification Result
          </h2>
          <p className="mt-1 text-base font-semibold">
            <span className="font-mono">{register.number}</span> is a registration number from{" "}
            {register.nation}, on the register kept by {register.name}.
          </p>
          <p className="mt-2 text-sm">
            This directory covers the Environment Agency's public register of waste carriers, brokers and
            dealers (England and Wales), so it cannot tell you whether this registration is valid. Check it on{" "}
            {register.code}'s register:
          </p>
          <p className="mt-3">
            <a
              href={register.registerUrl}
              className="font-semibold text-blue-900 underline underline-offset-2 hover:text-blue-700"
            >
              Search {register.code}'s public register of waste carriers
              <ExternalLinkIcon aria-hidden className="ml-1 inline h-4 w-4 align-[-3px]" />
            </a>
          </p>
        </div>
      </div>
    </section>
  );
}
