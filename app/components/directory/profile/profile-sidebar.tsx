import { FlagIcon } from "~/components/ui/icons/flag";
import { GlobeIcon } from "~/components/ui/icons/globe";
import { MailIcon } from "~/components/ui/icons/mail";
import { PhoneIcon } from "~/components/ui/icons/phone";
import { SiteLink } from "~/components/ui/site-link";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle, FactsCard } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import {
  applicantTypeLabel,
  registrationTypeLabel,
  tierLabel,
  type Provider,
} from "~/modules/directory/provider";
import { formatDate } from "~/platform/dates";

function ContactCard({ provider: p, website }: { provider: Provider; website: string | null }) {
  return (
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
            <PhoneIcon aria-hidden className="h-4 w-4" /> {p.phone}
          </a>
        ) : null}
        {p.email ? (
          <a
            href={`mailto:${p.email}`}
            className="flex items-center gap-2 break-all text-brand-700 hover:underline"
          >
            <MailIcon aria-hidden className="h-4 w-4 shrink-0" /> {p.email}
          </a>
        ) : null}
        {website ? (
          <a
            href={website}
            rel="noopener nofollow"
            target="_blank"
            className="flex items-center gap-2 break-all text-brand-700 hover:underline"
          >
            <GlobeIcon aria-hidden className="h-4 w-4 shrink-0" /> {p.website}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : null}
        {!p.phone && !p.email && !website ? (
          <p className="text-slate-600">No contact details listed yet.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function RegistrationDetails({
  provider: p,
  registerAsOf,
}: {
  provider: Provider;
  registerAsOf: string | null;
}) {
  // The holder as the register names it, whatever the listing calls itself (decision 0281): every
  // row of this card is the register's.
  const rows = [
    ["Registered to", p.register_name],
    ["Registration number", p.registration_number],
    ["Company number", p.company_number || "Not recorded"],
    ["Registration date", formatDate(p.registration_date) || "Not recorded"],
    ["Expiry date", p.expiry_date ? formatDate(p.expiry_date) : "Does not expire (lower tier)"],
    ["Tier", tierLabel(p.registration_tier)],
    ["Registration type", registrationTypeLabel(p.registration_type)],
    ...(p.applicant_type ? [["Applicant type", applicantTypeLabel(p.applicant_type)]] : []),
  ];
  return (
    <FactsCard
      title="Registration details"
      facts={rows.map(([k, v]) => (
        <div
          key={k}
          className="flex justify-between gap-4 border-b border-slate-100 pb-2 last:border-0 last:pb-0"
        >
          <dt className="text-slate-600">{k}</dt>
          <dd className="text-right font-medium text-slate-900">{v}</dd>
        </div>
      ))}
    >
      <p className="mt-4 text-xs leading-5 text-slate-600">
        From the Environment Agency's public register
        {registerAsOf ? `, as of ${formatDate(registerAsOf)}` : ""}. Always check a carrier's registration
        before handing over your waste.
      </p>
    </FactsCard>
  );
}

function ClaimCallout({ registrationNumber }: { registrationNumber: string }) {
  return (
    <Card className="border-brand-200 bg-brand-50">
      <CardContent className="py-5">
        <h2 className="text-base font-semibold text-slate-900">Do you own this business?</h2>
        <p className="mt-1 text-sm text-slate-700">
          Claim this listing to add your logo, services, contact details and areas covered.
        </p>
        <SiteLink
          to={`/claim/${encodeURIComponent(registrationNumber)}`}
          className={cn(buttonVariants({ variant: "primary", size: "md" }), "mt-4 w-full")}
        >
          Claim This Listing
        </SiteLink>
      </CardContent>
    </Card>
  );
}

/** Contact details and the registration's facts: first on a phone, beside the details on a desktop. */
export function ProfileSidebar({
  provider: p,
  website,
  registerAsOf,
  children,
}: {
  provider: Provider;
  website: string | null;
  registerAsOf: string | null;
  children?: React.ReactNode;
}) {
  return (
    <div className="space-y-6 lg:col-start-2 lg:row-start-1">
      {p.is_claimed ? <ContactCard provider={p} website={website} /> : null}
      {children}
      <RegistrationDetails provider={p} registerAsOf={registerAsOf} />
      <p className="text-center text-sm">
        <SiteLink
          to={`/provider/${encodeURIComponent(p.registration_number)}/report`}
          rel="nofollow"
          className="inline-flex items-center gap-1.5 text-slate-700 underline hover:text-red-800"
        >
          <FlagIcon aria-hidden className="h-4 w-4" /> Report this carrier
        </SiteLink>
      </p>
      {!p.is_claimed ? <ClaimCallout registrationNumber={p.registration_number} /> : null}
    </div>
  );
}
