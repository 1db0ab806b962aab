import { SiteLink } from "~/components/ui/site-link";

/** The no-JavaScript page of a provider's visitor form: back to the profile, the heading, the form. */
export function ProviderEnquiryPage({
  registrationNumber,
  businessName,
  title,
  children,
}: {
  registrationNumber: string;
  businessName: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <p className="text-sm">
        <SiteLink
          to={`/provider/${encodeURIComponent(registrationNumber)}`}
          className="font-medium text-brand-700 underline underline-offset-2"
        >
          Back to {businessName}
        </SiteLink>
      </p>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-6">{children}</div>
    </main>
  );
}
