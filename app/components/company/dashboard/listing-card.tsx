/**
 * The company dashboard's Listing Details card: the note about drafts while the listing awaits
 * approval, the logo and the details form. A suspended listing is read-only (decisions 0604 and
 * 0256): its details and logo are shown as they are, with the notice the quote requests and
 * reviews pages show, and no form.
 */
import { Info } from "lucide-react";
import { AccessNotice } from "~/components/company/enquiries/enquiry-parts";
import { ListingDetailsForm, type ListingFormValues } from "~/components/company/listing-details-form";
import { LogoField, LogoPreview } from "~/components/company/logo-field";
import { Alert } from "~/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** One read-only detail: its label and value, or "Not specified". */
function Detail({ label, value, wide }: { label: string; value: string | null; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-sm font-medium text-slate-800">{label}</dt>
      <dd className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">
        {value?.trim() ? value : "Not specified"}
      </dd>
    </div>
  );
}

/** The suspended listing's details as they are, without a form. */
function ListingDetailsReadOnly({
  logoUrl,
  businessName,
  address,
  values,
}: {
  logoUrl: string | null;
  businessName: string;
  address: string | null;
  values: ListingFormValues;
}) {
  return (
    <div className="space-y-6" data-testid="listing-read-only">
      <AccessNotice access="read-only" what="listing details" className="" />
      <LogoPreview logoUrl={logoUrl} businessName={businessName} />
      <dl className="grid gap-4 sm:grid-cols-2">
        <Detail label="Business Name" value={values.businessName} wide />
        <Detail label="Description" value={values.about} wide />
        <Detail label="Phone" value={values.phone} />
        <Detail label="Email" value={values.email} />
        <Detail label="Address" value={address} wide />
        <Detail
          label="Services Offered"
          value={values.services.length ? values.services.join(", ") : null}
          wide
        />
      </dl>
    </div>
  );
}

export function ListingCard({
  verified,
  suspended,
  hasDraft,
  address,
  logoUrl,
  businessName,
  logoError,
  values,
  errors,
}: {
  verified: boolean;
  suspended: boolean;
  hasDraft: boolean;
  address: string | null;
  logoUrl: string | null;
  businessName: string;
  logoError: string | null | undefined;
  values: ListingFormValues;
  errors: Partial<Record<keyof ListingFormValues, string[]>> | undefined;
}) {
  return (
    <Card className="min-w-0 lg:col-span-2">
      <CardHeader>
        <CardTitle>Listing Details</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        {suspended ? (
          <ListingDetailsReadOnly
            logoUrl={logoUrl}
            businessName={businessName}
            address={address}
            values={values}
          />
        ) : (
          <>
            {!verified ? (
              <Alert tone="info" title="Awaiting approval">
                <span className="inline-flex gap-1">
                  <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
                  {hasDraft
                    ? "Your saved changes are kept as a draft and will be published when your listing is approved. The public listing shows the register's details until then."
                    : "Changes you save are kept as a draft and published when your listing is approved."}
                </span>
              </Alert>
            ) : null}
            <LogoField
              logoUrl={logoUrl}
              businessName={businessName}
              error={logoError}
              pendingApproval={!verified}
            />
            <ListingDetailsForm values={values} address={address} errors={errors} verified={verified} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
