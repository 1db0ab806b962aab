/**
 * /company/upgrade: ask for Premium (issue 14, item 11). What Premium adds and costs, a period
 * and an optional message; the request is recorded for the admins (one open request per listing)
 * and the page then says what happens next. No payment is taken here: an admin contacts the
 * carrier and changes the plan on /admin/providers, which closes the request (decision 0706).
 */
import { CheckCircle2, Crown, Mail } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { AccountNotFound } from "~/components/company/account-not-found";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, Textarea } from "~/components/ui/form";
import { PREMIUM_PRICE, PREMIUM_YEARLY_SAVING } from "~/modules/claims/constants";
import { getAccountOverview } from "~/modules/company/account-overview.server";
import { getCompanyListing } from "~/modules/company/company-listing.server";
import { periodName, planName } from "~/modules/plans/plan-state";
import { requestUpgrade } from "~/modules/plans/upgrade-requests.server";
import { UPGRADE_TEXT } from "~/modules/plans/upgrade-text";
import { getApp } from "~/web/context";
import { redirectWithToast } from "~/web/toast.server";
import { readForm } from "~/web/request-input.server";
import { requireUser } from "~/web/guards.server";
import type { Route } from "./+types/upgrade";
import { formatDate } from "~/platform/dates";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Upgrade to Premium", noindex: true });
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url);
  const { db } = getApp(context);
  const listing = await getCompanyListing(db, user.id);
  if (!listing) return { email: user.email, company: null };
  const overview = await getAccountOverview(db, listing);
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
  message: z.string().trim().max(1000, "Must be 1000 characters or fewer").optional(),
});

type ActionResult = {
  errors?: { period?: string; message?: string };
  formError?: string;
  values?: { period?: string; message?: string };
};

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireUser(request, context, url);
  const app = getApp(context);
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

function Feature({ children }: { children: React.ReactNode }) {
  return (
    <li className="flex gap-2">
      <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-700" />
      <span>{children}</span>
    </li>
  );
}

export default function Upgrade({ loaderData, actionData }: Route.ComponentProps) {
  const { company, email } = loaderData;
  const navigation = useNavigation();
  if (!company) {
    return (
      <main className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">Upgrade to Premium</h1>
        <AccountNotFound email={email} />
      </main>
    );
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
        <Alert tone="success" title={UPGRADE_TEXT.alreadyPremium} className="mt-6">
          {plan.endDate
            ? `Your Premium plan runs until ${formatDate(new Date(plan.endDate))}.`
            : "Your Premium plan has no end date."}{" "}
          You can write as many waste notes as you need.
        </Alert>
      ) : request ? (
        <Card className="mt-6 border-purple-200" data-testid="upgrade-request">
          <CardHeader className="flex items-center gap-2">
            <Mail aria-hidden className="size-5 text-purple-700" />
            <CardTitle>Your request is with us</CardTitle>
          </CardHeader>
          <CardContent className="space-y-3 text-sm text-slate-700">
            <p>
              You asked for Premium ({periodName(request.period).toLowerCase()}) on{" "}
              <strong>{formatDate(new Date(request.createdAt))}</strong>. Nothing has been charged.
            </p>
            <h2 className="font-semibold text-slate-900">What happens next</h2>
            <ol className="list-decimal space-y-1 pl-5">
              <li>
                We contact you within 1 to 2 business days at the e-mail address of your account about
                payment.
              </li>
              <li>Once it is settled we switch your listing to Premium and e-mail you.</li>
              <li>
                From then on you can write as many waste notes as you need, and your listing is featured in
                search results.
              </li>
            </ol>
            {request.message ? (
              <p className="rounded-md bg-slate-50 p-3">
                <span className="font-medium">Your message:</span>{" "}
                <span className="whitespace-pre-line">{request.message}</span>
              </p>
            ) : null}
          </CardContent>
        </Card>
      ) : null}

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <CardTitle>Standard</CardTitle>
            <span className="font-bold">Free</span>
          </CardHeader>
          <CardContent>
            <ul className="space-y-1.5 text-sm text-slate-700">
              <Feature>Verified listing with your contact details</Feature>
              <Feature>Services and areas covered on your profile</Feature>
              <Feature>20 waste transfer notes per calendar month</Feature>
            </ul>
          </CardContent>
        </Card>
        <Card className="border-purple-200">
          <CardHeader className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <CardTitle>Premium</CardTitle>
            <span className="text-sm">
              <strong className="text-base">{PREMIUM_PRICE.monthly}</strong> a month or{" "}
              <strong className="text-base">{PREMIUM_PRICE.yearly}</strong> a year
            </span>
          </CardHeader>
          <CardContent>
            <ul className="space-y-1.5 text-sm text-slate-700">
              <Feature>Everything in Standard</Feature>
              <Feature>Unlimited waste transfer notes</Feature>
              <Feature>Featured placement in search results</Feature>
              <Feature>Customer reviews and quote requests on your profile</Feature>
            </ul>
          </CardContent>
        </Card>
      </div>

      {!premium && !request ? (
        blocked ? (
          <Alert tone="warning" title="Not available yet" className="mt-6">
            {blocked}
          </Alert>
        ) : (
          <Card className="mt-6">
            <CardHeader>
              <CardTitle>Ask for Premium</CardTitle>
            </CardHeader>
            <CardContent>
              <Form method="post" className="space-y-5" noValidate>
                {actionData?.formError ? <Alert tone="error">{actionData.formError}</Alert> : null}
                <fieldset>
                  <legend className="mb-2 text-sm font-medium text-slate-800">Billing period</legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <label className="flex cursor-pointer flex-col rounded-lg border border-slate-200 p-4 has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600">
                      <span className="flex items-center gap-2">
                        <input
                          type="radio"
                          name="period"
                          value="monthly"
                          defaultChecked={(actionData?.values?.period ?? plan.period) !== "yearly"}
                          className="size-4 accent-brand-600"
                        />
                        <span className="font-semibold text-slate-900">Monthly</span>
                      </span>
                      <span className="mt-1 text-sm text-slate-600">{PREMIUM_PRICE.monthly} a month</span>
                    </label>
                    <label className="flex cursor-pointer flex-col rounded-lg border border-slate-200 p-4 has-[:checked]:border-brand-600 has-[:checked]:ring-1 has-[:checked]:ring-brand-600">
                      <span className="flex flex-wrap items-center gap-2">
                        <input
                          type="radio"
                          name="period"
                          value="yearly"
                          defaultChecked={(actionData?.values?.period ?? plan.period) === "yearly"}
                          className="size-4 accent-brand-600"
                        />
                        <span className="font-semibold text-slate-900">Yearly</span>
                        <Badge tone="green">{PREMIUM_YEARLY_SAVING}</Badge>
                      </span>
                      <span className="mt-1 text-sm text-slate-600">{PREMIUM_PRICE.yearly} a year</span>
                    </label>
                  </div>
                  <FieldError errors={actionData?.errors?.period} />
                </fieldset>
                <div>
                  <label htmlFor="upgrade-message" className="mb-1 block text-sm font-medium text-slate-800">
                    Anything we should know? (optional)
                  </label>
                  <Textarea
                    id="upgrade-message"
                    name="message"
                    rows={3}
                    maxLength={1000}
                    defaultValue={actionData?.values?.message ?? ""}
                    aria-describedby={actionData?.errors?.message ? "upgrade-message-error" : undefined}
                  />
                  <FieldError id="upgrade-message-error" errors={actionData?.errors?.message} />
                </div>
                <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-600">
                  Nothing is charged now. We contact you within 1 to 2 business days about payment, then
                  switch your listing to Premium and e-mail you.
                </p>
                <div className="flex flex-wrap justify-end gap-2">
                  <Button asChild variant="outline">
                    <Link to="/company">Back to dashboard</Link>
                  </Button>
                  <Button type="submit" disabled={navigation.state === "submitting"}>
                    <Crown aria-hidden className="size-4" />{" "}
                    {navigation.state === "submitting" ? "Sending…" : "Request Premium"}
                  </Button>
                </div>
              </Form>
            </CardContent>
          </Card>
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
