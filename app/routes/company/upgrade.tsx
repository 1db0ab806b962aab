/**
 * /company/upgrade: ask for Premium (issue 14, item 11). What Premium adds and costs, a period
 * and an optional message; the request is recorded for the admins (one open request per listing)
 * and the page then says what happens next. No payment is taken here: an admin contacts the
 * carrier and changes the plan on /admin/providers, which closes the request (decision 0706).
 */
import { Crown } from "lucide-react";
import { data, Link } from "react-router";
import * as z from "zod/mini";
import { CompanyPageUnavailable } from "~/components/company/account-not-found";
import { PlanComparison } from "~/components/company/upgrade/plan-comparison";
import { UpgradeForm, type UpgradeFormReply } from "~/components/company/upgrade/upgrade-form";
import { PremiumActive, UpgradeRequestCard } from "~/components/company/upgrade/upgrade-status";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { getAccountOverview } from "~/modules/company/account-overview.server";
import { planName } from "~/modules/plans/plan-state";
import { requestUpgrade } from "~/modules/plans/upgrade-requests.server";
import { UPGRADE_TEXT } from "~/modules/plans/upgrade-text";
import { redirectWithToast } from "~/web/toast.server";
import { readForm } from "~/web/request-input.server";
import type { Route } from "./+types/upgrade";
import { companyListing, companyUser } from "./company-user.server";
import { formatDate } from "~/platform/dates";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Upgrade to Premium", noindex: true });
}

export async function loader(args: Route.LoaderArgs) {
  const { user, app, listing } = await companyListing(args);
  if (!listing) return { email: user.email, company: null };
  const overview = await getAccountOverview(app.db, listing);
  const blocked = !listing.verified
    ? UPGRADE_TEXT.pending
    : listing.suspended
      ? UPGRADE_TEXT.suspended
      : null;
  return {
    email: user.email,
    company: {
      name: listing.businessName,
      plan: overview.plan,
      usage: overview.usage,
      request: overview.upgradeRequest,
      blocked,
    },
  };
}

const schema = z.object({
  period: z.enum(["monthly", "yearly"], "Choose monthly or yearly"),
  message: z.optional(z.string().check(z.trim(), z.maxLength(1000, "Must be 1000 characters or fewer"))),
});

type ActionResult = UpgradeFormReply;

export async function action({ request, context, url }: Route.ActionArgs) {
  const { user, app } = await companyUser({ request, context, url });
  const read = await readForm(request);
  if (!read.ok) return data<ActionResult>({ formError: read.message }, { status: read.status });
  const raw = {
    period: read.form.get("period") ?? undefined,
    message: read.form.get("message") ?? undefined,
  };
  const values = {
    period: typeof raw.period === "string" ? raw.period : undefined,
    message: typeof raw.message === "string" ? raw.message : undefined,
  };
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    const errors: ActionResult["errors"] = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as "period" | "message"] ??= issue.message;
    return data<ActionResult>({ errors, values }, { status: 400 });
  }
  const result = await requestUpgrade(app.db, app.config, {
    userId: user.id,
    period: parsed.data.period,
    message: parsed.data.message,
  });
  switch (result.status) {
    case "created":
      return redirectWithToast(context, "/company/upgrade", {
        title: UPGRADE_TEXT.requested,
        description: UPGRADE_TEXT.requestedDetail,
        variant: "success",
      });
    case "already_open":
      return data<ActionResult>({ formError: UPGRADE_TEXT.alreadyOpen }, { status: 409 });
    case "already_premium":
      return data<ActionResult>({ formError: UPGRADE_TEXT.alreadyPremium }, { status: 409 });
    case "pending":
      return data<ActionResult>({ formError: UPGRADE_TEXT.pending, values }, { status: 403 });
    case "suspended":
      return data<ActionResult>({ formError: UPGRADE_TEXT.suspended, values }, { status: 403 });
    case "no_listing":
      return data<ActionResult>({ formError: UPGRADE_TEXT.noListing }, { status: 404 });
  }
}

export default function Upgrade({ loaderData, actionData }: Route.ComponentProps) {
  const { company, email } = loaderData;
  if (!company) {
    return <CompanyPageUnavailable title="Upgrade to Premium" email={email} />;
  }
  const { plan, usage, request, blocked } = company;
  const premium = plan.effective === "premium";
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <Crown aria-hidden className="size-6 text-purple-700" /> Upgrade to Premium
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        {company.name} is on the <strong>{planName(plan.effective)}</strong> plan
        {plan.freeTrial && plan.endDate && !plan.ended
          ? ` (free trial until ${formatDate(new Date(plan.endDate))})`
          : ""}
        . Waste notes this month: <strong>{usage.label}</strong>.
      </p>
      {premium ? (
        <PremiumActive endDate={plan.endDate} />
      ) : request ? (
        <UpgradeRequestCard request={request} />
      ) : null}
      <PlanComparison />
      {!premium && !request ? (
        blocked ? (
          <Alert tone="warning" title="Not available yet" className="mt-6">
            {blocked}
          </Alert>
        ) : (
          <UpgradeForm planPeriod={plan.period} reply={actionData} />
        )
      ) : (
        <div className="mt-6">
          <Button asChild variant="outline">
            <Link to="/company">Back to dashboard</Link>
          </Button>
        </div>
      )}
    </main>
  );
}
