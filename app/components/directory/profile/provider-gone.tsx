import { SearchXIcon } from "~/components/ui/icons/search-x";
import { SiteLink } from "~/components/ui/site-link";
import { buttonVariants } from "~/components/ui/button";
import type { RemovedRegistration } from "~/modules/directory/get-removed-registration.server";
import { parseRegistrationNumber } from "~/modules/directory/registration";
import { formatDate } from "~/platform/dates";

/** A registration a full sync no longer found (410): kept, and said so. */
export function ProviderRemoved({ registration }: { registration: RemovedRegistration }) {
  return (
    <main className="mx-auto max-w-2xl px-4 py-20 text-center">
      <SearchXIcon aria-hidden className="mx-auto h-12 w-12 text-slate-500" />
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
        <SiteLink to="/search-results" className={buttonVariants({ variant: "primary", size: "lg" })}>
          Find a registered carrier
        </SiteLink>
        <SiteLink
          to={`/provider/${encodeURIComponent(registration.registration_number)}/report`}
          rel="nofollow"
          className={buttonVariants({ variant: "outline", size: "lg" })}
        >
          Report this carrier
        </SiteLink>
      </div>
    </main>
  );
}

/** No such registration in the directory (404), with the other nations' registers named. */
export function ProviderNotFound({ registrationNumber }: { registrationNumber: string }) {
  const parsed = parseRegistrationNumber(registrationNumber);
  return (
    <main className="mx-auto max-w-2xl px-4 py-20 text-center">
      <SearchXIcon aria-hidden className="mx-auto h-12 w-12 text-slate-500" />
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
        <SiteLink to="/" className={buttonVariants({ variant: "primary", size: "lg" })}>
          Return to Home
        </SiteLink>
        <SiteLink to="/search-results" className={buttonVariants({ variant: "outline", size: "lg" })}>
          Search the directory
        </SiteLink>
      </div>
    </main>
  );
}
