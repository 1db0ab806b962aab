/**
 * The dashboard's plan (issue 14, item 11): the plan and its period, the subscription or free
 * trial dates, the waste notes used this month, and the way to Premium (or the open request).
 */
import { Crown, FileText } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { periodName, planName, type PlanSummary } from "~/modules/plans/plan-state";
import { UPGRADE_PATH } from "~/modules/waste-notes/note-rules";
import type { PlanUsage } from "~/modules/waste-notes/plan-limit.server";
import { formatDate } from "~/platform/dates";

/** The free trial's end, and the plan's period from start to end, when there are dates. */
function PlanDates({ plan }: { plan: PlanSummary }) {
  return (
    <>
      {plan.freeTrial ? (
        <div>
          <dt className="text-slate-600">Free trial</dt>
          <dd className="font-semibold">
            {plan.endDate
              ? plan.ended
                ? `Ended on ${formatDate(new Date(plan.endDate))}`
                : `Until ${formatDate(new Date(plan.endDate))}`
              : "No end date"}
          </dd>
        </div>
      ) : null}
      {plan.startDate || (!plan.freeTrial && plan.endDate) ? (
        <div>
          <dt className="text-slate-600">Period</dt>
          <dd className="font-semibold">
            {plan.startDate ? `From ${formatDate(new Date(plan.startDate))}` : null}
            {plan.startDate && plan.endDate ? " " : null}
            {plan.endDate
              ? `${plan.startDate ? "to" : "Until"} ${formatDate(new Date(plan.endDate))}`
              : plan.startDate
                ? " (no end date)"
                : null}
          </dd>
        </div>
      ) : null}
    </>
  );
}

function NotesUsed({ usage }: { usage: PlanUsage }) {
  const percent = usage.limit ? Math.min(100, Math.round((usage.used / usage.limit) * 100)) : 0;
  return (
    <div>
      <dt className="text-slate-600">Waste notes this month</dt>
      <dd>
        <span className="font-semibold" data-testid="notes-used">
          {usage.label}
        </span>
        {usage.limit ? (
          <div
            className="mt-1.5 h-2 overflow-hidden rounded-full bg-slate-100"
            role="progressbar"
            aria-label="Waste notes used this month"
            aria-valuemin={0}
            aria-valuemax={usage.limit}
            aria-valuenow={usage.used}
          >
            <div
              className={
                percent >= 100
                  ? "h-full bg-red-600"
                  : percent >= 80
                    ? "h-full bg-amber-500"
                    : "h-full bg-brand-600"
              }
              style={{ width: `${percent}%` }}
            />
          </div>
        ) : null}
      </dd>
    </div>
  );
}

function PlanActions({
  canWriteNotes,
  canAskForPremium,
  upgradeRequestedAt,
}: {
  canWriteNotes: boolean;
  canAskForPremium: boolean;
  upgradeRequestedAt: Date | string | null;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {canWriteNotes ? (
        <Button asChild variant="outline" size="sm">
          <Link to="/company/waste-note">
            <FileText aria-hidden className="size-4" /> Generate Waste Note
          </Link>
        </Button>
      ) : null}
      {canAskForPremium ? (
        upgradeRequestedAt ? (
          <p
            className="w-full rounded-md bg-purple-50 px-3 py-2 text-purple-900"
            data-testid="upgrade-requested"
          >
            Upgrade to Premium requested on {formatDate(new Date(upgradeRequestedAt))}: we will contact you.{" "}
            <Link to={UPGRADE_PATH} className="font-semibold underline">
              Details
            </Link>
          </p>
        ) : (
          <Button asChild size="sm">
            <Link to={UPGRADE_PATH}>
              <Crown aria-hidden className="size-4" /> Upgrade to Premium
            </Link>
          </Button>
        )
      ) : null}
    </div>
  );
}

export function PlanCard({
  plan,
  usage,
  upgradeRequestedAt,
  canWriteNotes,
  canUpgrade,
}: {
  plan: PlanSummary;
  usage: PlanUsage;
  upgradeRequestedAt: Date | string | null;
  canWriteNotes: boolean;
  /** An approved, not suspended listing may ask for Premium. */
  canUpgrade: boolean;
}) {
  const lapsed = plan.plan === "premium" && plan.effective === "standard";
  return (
    <Card data-testid="plan-card">
      <CardHeader className="flex items-center justify-between gap-2">
        <CardTitle>Your Plan</CardTitle>
        <Badge tone={plan.effective === "premium" ? "purple" : "slate"}>
          {plan.effective === "premium" ? <Crown aria-hidden className="size-3" /> : null}
          {planName(plan.effective)}
        </Badge>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <dl className="space-y-3">
          <div>
            <dt className="text-slate-600">Plan</dt>
            <dd className="font-semibold">
              {planName(plan.plan)}, {periodName(plan.period).toLowerCase()}
              {lapsed ? (
                <span className="block font-normal text-amber-800">
                  Premium ended: the Standard allowance applies.
                </span>
              ) : null}
            </dd>
          </div>
          <PlanDates plan={plan} />
          <NotesUsed usage={usage} />
        </dl>
        <PlanActions
          canWriteNotes={canWriteNotes}
          canAskForPremium={plan.effective === "standard" && canUpgrade}
          upgradeRequestedAt={upgradeRequestedAt}
        />
      </CardContent>
    </Card>
  );
}
