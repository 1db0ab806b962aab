/**
 * The company dashboard's header: the business name with its listing state, the link to the public
 * profile, the registration warning and, for a suspended listing, what that means.
 */
import { ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { RegistrationAlert } from "~/components/company/registration-alert";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { CompanyListing } from "~/modules/company/company-listing.server";
import type { RegistrationSummary } from "~/modules/company/registration-summary";

export function DashboardHeader({
  listing,
  registration,
}: {
  listing: Pick<CompanyListing, "businessName" | "verified" | "registrationNumber" | "suspended">;
  registration: RegistrationSummary;
}) {
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Company Dashboard</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
            <span className="font-medium">{listing.businessName}</span>
            {listing.suspended ? (
              // Not "Verified" while the public profile shows only the register's details.
              <Badge tone="red">Suspended</Badge>
            ) : listing.verified ? (
              <Badge tone="green">Verified Listing</Badge>
            ) : (
              <Badge tone="amber">Awaiting Approval</Badge>
            )}
          </p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to={`/provider/${encodeURIComponent(listing.registrationNumber)}`}>
            <ExternalLink aria-hidden className="size-4" /> View public profile
          </Link>
        </Button>
      </div>
      <RegistrationAlert registration={registration} registrationNumber={listing.registrationNumber} />
      {listing.suspended ? (
        <Alert tone="error" title="Listing suspended" className="mt-6">
          Your listing is suspended: the public site shows only the register&apos;s details, and you cannot
          change your listing or write waste notes. Please{" "}
          <a href="/contact" className="font-semibold underline">
            contact us
          </a>{" "}
          to find out why and what to do.
        </Alert>
      ) : null}
    </>
  );
}
