/**
 * The company dashboard's Listing Details card: the note about drafts while the listing awaits
 * approval, the logo and the details form.
 */
import { Info } from "lucide-react";
import { ListingDetailsForm, type ListingFormValues } from "~/components/company/listing-details-form";
import { LogoField } from "~/components/company/logo-field";
import { Alert } from "~/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

export function ListingCard({
  verified,
  hasDraft,
  address,
  logoUrl,
  businessName,
  logoError,
  values,
  errors,
}: {
  verified: boolean;
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
      </CardContent>
    </Card>
  );
}
