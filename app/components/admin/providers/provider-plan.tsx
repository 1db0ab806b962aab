/**
 * A provider's page: the plan, billing period, free trial and dates with Change plan (the plans'
 * dialog, audited, decision 0706), and the carrier's open upgrade request with Approve (Premium
 * for the period asked, from today) and Decline (closed without a change).
 */
import { Crown } from "lucide-react";
import { DetailList } from "~/components/admin/detail-list";
import { IntentButton, RowLink } from "~/components/admin/row-actions";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { periodLabel, planLabel } from "~/modules/claims/constants";
import type { ProviderDetail } from "~/modules/providers/get-provider-detail.server";
import { formatDate } from "~/platform/dates";

type Listing = ProviderDetail["listing"];

export function PlanCard({ listing: l, editHref }: { listing: Listing; editHref: string }) {
  const name = l.companyName || l.businessName;
  return (
    <Card data-testid="plan-card">
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Plan</CardTitle>
        <RowLink to={editHref} label={`Change plan of ${name}`} variant="outline">
          Change plan
        </RowLink>
      </CardHeader>
      <CardContent>
        <DetailList
          items={[
            ["Plan", planLabel(l.plan)],
            ["Billing period", periodLabel(l.period)],
            ["Free trial", l.freeTrial ? "Yes" : "No"],
            ["Start date", l.startDate ? formatDate(l.startDate) : "Not set"],
            [l.freeTrial ? "Trial ends" : "End date", l.endDate ? formatDate(l.endDate) : "No end date"],
          ]}
        />
      </CardContent>
    </Card>
  );
}

export function UpgradeRequestCard({ listing: l, busy }: { listing: Listing; busy: boolean }) {
  const r = l.upgradeRequest;
  if (!r) return null;
  const name = l.companyName || l.businessName;
  return (
    <section
      aria-labelledby="upgrade-request-title"
      className="flex flex-col gap-3 rounded-lg border border-purple-200 bg-purple-50/60 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="upgrade-request"
    >
      <div className="min-w-0 text-sm text-purple-950">
        <h2 id="upgrade-request-title" className="flex items-center gap-2 font-semibold">
          <Crown aria-hidden className="size-4" /> Upgrade request
        </h2>
        <p className="mt-1">
          Premium, {periodLabel(r.period).toLowerCase()}, asked on {formatDate(new Date(r.createdAt))}. No
          payment has been taken. Approving puts the listing on Premium from today for a{" "}
          {r.period === "yearly" ? "year" : "month"} and e-mails the owner.
        </p>
        {r.message ? (
          <p className="mt-1 break-words whitespace-pre-line text-purple-900">&ldquo;{r.message}&rdquo;</p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <IntentButton
          field="requestId"
          id={r.id}
          intent="approve-upgrade"
          disabled={busy}
          aria-label={`Approve the upgrade request of ${name}`}
        >
          Approve
        </IntentButton>
        <IntentButton
          field="requestId"
          id={r.id}
          intent="decline-upgrade"
          variant="outline"
          disabled={busy}
          aria-label={`Decline the upgrade request of ${name}`}
        >
          Decline
        </IntentButton>
      </div>
    </section>
  );
}
