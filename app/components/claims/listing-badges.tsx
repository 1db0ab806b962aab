/** The badges of a claimed listing on the admin screens. */
import { Badge } from "~/components/ui/badge";
import type { ListingRow } from "~/modules/claims/list-listings.server";

type Listing = Pick<ListingRow, "verified" | "suspendedAt" | "plan" | "freeTrial">;

export function ListingBadges({ listing, trial = true }: { listing: Listing; trial?: boolean }) {
  return (
    <span className="flex flex-wrap gap-1">
      {listing.verified ? <Badge tone="green">Verified</Badge> : <Badge tone="amber">Unverified</Badge>}
      {listing.suspendedAt ? <Badge tone="red">Suspended</Badge> : null}
      {trial && listing.freeTrial ? <Badge tone="blue">Trial</Badge> : null}
      {listing.plan === "premium" ? <Badge tone="purple">Premium</Badge> : null}
    </span>
  );
}
