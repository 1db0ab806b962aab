/** A provider's page: the claimed listing's data, the register's facts and the activity counts. */
import { DetailList } from "~/components/admin/detail-list";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { ProviderDetail } from "~/modules/providers/get-provider-detail.server";
import { formatDate, formatNumber } from "~/platform/dates";

type Listing = ProviderDetail["listing"];

const orNone = (v: string | null | undefined) => (v?.trim() ? v : "Not provided");
const list = (items: string[]) => (items.length ? items.join(", ") : "Not provided");

export function ListingCard({ listing: l }: { listing: Listing }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Listing</CardTitle>
      </CardHeader>
      <CardContent>
        <DetailList
          items={[
            ["Register name", l.businessName],
            ["Company name", orNone(l.companyName)],
            ["Registration number", <span className="font-mono">{l.registrationNumber}</span>],
            ["Registration expires", l.registerExpiry ? formatDate(l.registerExpiry) : "Not provided"],
            ["Town", [l.town, l.postcode].filter(Boolean).join(", ") || "Not provided"],
            ["Phone", orNone(l.phone)],
            ["Email", orNone(l.email)],
            ["Website", orNone(l.website)],
            ["About", <span className="whitespace-pre-line">{orNone(l.about)}</span>],
            ["Services", list(l.services)],
            ["Areas covered", list(l.areasCovered)],
            ["Claimed on", formatDate(l.createdAt)],
            ["Last edited", formatDate(l.updatedAt)],
          ]}
        />
      </CardContent>
    </Card>
  );
}

export function ActivityCard({ activity }: { activity: ProviderDetail["activity"] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Activity</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 text-sm">
          <div>
            <dt className="text-slate-600">Quote requests</dt>
            <dd className="text-2xl font-semibold text-slate-900" data-testid="quote-count">
              {formatNumber(activity.quoteRequests)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Waste notes</dt>
            <dd className="text-2xl font-semibold text-slate-900" data-testid="waste-note-count">
              {formatNumber(activity.wasteNotes)}
            </dd>
            <dd className="text-xs text-slate-600">
              {formatNumber(activity.wasteNotesThisMonth)} this month
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
