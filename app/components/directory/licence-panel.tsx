import { CircleAlert, ShieldCheck, ShieldX } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { formatDate, registrationTypeLabel, registrationValidity, tierLabel, type Provider } from "~/modules/directory/provider";
import { profileHref } from "./provider-card";

/** Registration searches longer than 5 characters: the exact match, or 'Invalid Registration Number'. */
export function LicencePanel({ query, provider }: { query: string; provider: Provider | null }) {
  if (!provider) {
    return (
      <section aria-labelledby="licence-title" className="rounded-xl border border-red-200 bg-red-50 p-5">
        <div className="flex items-start gap-3">
          <ShieldX aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-red-700" />
          <div>
            <h2 id="licence-title" className="text-lg font-semibold text-red-900">
              Invalid Registration Number
            </h2>
            <p className="mt-1 text-sm text-red-900">
              No provider found with registration number <strong className="font-mono">{query.toUpperCase()}</strong>.
            </p>
            <p className="mt-2 text-sm text-red-900">
              Check the number and try again. A carrier that cannot show a valid registration should not take your waste.
            </p>
          </div>
        </div>
      </section>
    );
  }
  const v = registrationValidity(provider.expiry_date);
  const valid = v.status !== "expired";
  return (
    <section
      aria-labelledby="licence-title"
      className={cn("rounded-xl border p-5", valid ? "border-green-300 bg-green-50" : "border-red-200 bg-red-50")}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-3">
          {valid ? (
            <ShieldCheck aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-green-700" />
          ) : (
            <CircleAlert aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-red-700" />
          )}
          <div>
            <h2 id="licence-title" className="text-lg font-semibold text-slate-900">
              License Verification Result
            </h2>
            <p className={cn("mt-1 text-base font-semibold", valid ? "text-green-800" : "text-red-800")}>
              {v.status === "valid"
                ? `Valid Registration until ${formatDate(v.until)}`
                : v.status === "expired"
                  ? `Expired Registration since ${formatDate(v.since)}`
                  : "Valid Registration (lower tier registrations do not expire)"}
            </p>
            <p className="mt-1 text-slate-800">
              <strong>{provider.business_name}</strong> · <span className="font-mono">{provider.registration_number}</span>
            </p>
          </div>
        </div>
        <Link to={profileHref(provider.registration_number)} className={buttonClass("outline", "sm", "shrink-0")}>
          View full details
        </Link>
      </div>
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
          <dd className="font-medium text-slate-900">{formatDate(provider.registration_date)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Expiry date</dt>
          <dd className="font-medium text-slate-900">{provider.expiry_date ? formatDate(provider.expiry_date) : "Does not expire"}</dd>
        </div>
      </dl>
    </section>
  );
}
