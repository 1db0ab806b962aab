/** A provider's page: verification and suspension, with Suspend or Reinstate (a dialog asking why). */
import { RowLink } from "~/components/admin/row-actions";
import { ListingBadges } from "~/components/claims/listing-badges";
import { Card, CardContent } from "~/components/ui/card";
import type { ProviderDetail } from "~/modules/providers/get-provider-detail.server";
import { formatDateTime } from "~/platform/dates";

export function StatusCard({
  listing: l,
  suspendHref,
  reinstateHref,
}: {
  listing: ProviderDetail["listing"];
  suspendHref: string;
  reinstateHref: string;
}) {
  const name = l.companyName || l.businessName;
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1 text-sm">
          <ListingBadges listing={l} />
          <p data-testid="verification-state">
            {l.verified
              ? "Verified: the claimed details show on the public site."
              : "Awaiting approval of its claim."}
          </p>
          <p data-testid="suspension-state">
            {l.suspendedAt
              ? `Suspended since ${formatDateTime(l.suspendedAt)}: the public site shows only the register's details.`
              : "Not suspended."}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {l.suspendedAt ? (
            <RowLink to={reinstateHref} label={`Reinstate ${name}`}>
              Reinstate
            </RowLink>
          ) : l.verified ? (
            <RowLink to={suspendHref} label={`Suspend ${name}`} variant="danger">
              Suspend
            </RowLink>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
