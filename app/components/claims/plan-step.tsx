/** Step 3, Choose Plan: Standard (free) or Premium, monthly or yearly. Radio cards, no script needed. */
import { Check } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { FieldError } from "~/components/ui/form";
import {
  CLAIM_TEXT,
  PREMIUM_PRICE,
  PREMIUM_YEARLY_SAVING,
  STANDARD_NOTES_PER_MONTH,
} from "~/modules/claims/constants";
import type { WizardErrors, WizardValues } from "~/modules/claims/wizard-state";

const card =
  "relative flex cursor-pointer flex-col rounded-lg border-2 border-slate-200 bg-white p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40";

export function PlanStep({
  active,
  values,
  errors,
}: {
  active: boolean;
  values: WizardValues;
  errors: WizardErrors;
}) {
  if (!active) {
    return (
      <>
        <input type="hidden" name="plan" value={values.plan} />
        <input type="hidden" name="period" value={values.period} />
      </>
    );
  }
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Plan</legend>
        <div className="grid gap-3 md:grid-cols-2">
          <label className={card}>
            <span className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="plan"
                  value="standard"
                  defaultChecked={values.plan === "standard"}
                  className="size-4 accent-brand-600"
                  aria-labelledby="plan-standard"
                  aria-describedby="plan-standard-details"
                />
                <span id="plan-standard" className="text-lg font-semibold text-slate-900">
                  Standard
                </span>
              </span>
              <span className="text-lg font-bold text-slate-900">Free</span>
            </span>
            <ul id="plan-standard-details" className="mt-3 space-y-1 text-sm text-slate-700">
              <Feature>Verified listing with your contact details</Feature>
              <Feature>Services and areas covered on your profile</Feature>
              <Feature>{STANDARD_NOTES_PER_MONTH} waste transfer notes a month</Feature>
            </ul>
          </label>
          <label className={card}>
            <span className="flex items-center justify-between gap-2">
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="plan"
                  value="premium"
                  defaultChecked={values.plan === "premium"}
                  className="size-4 accent-brand-600"
                  aria-labelledby="plan-premium"
                  aria-describedby="plan-premium-price plan-premium-details"
                />
                <span id="plan-premium" className="text-lg font-semibold text-slate-900">
                  Premium
                </span>
              </span>
              <span id="plan-premium-price" className="text-right text-sm text-slate-700">
                <strong className="text-lg text-slate-900">{PREMIUM_PRICE.monthly}</strong> monthly
                <br />
                or <strong className="text-slate-900">{PREMIUM_PRICE.yearly}</strong> yearly
              </span>
            </span>
            <ul id="plan-premium-details" className="mt-3 space-y-1 text-sm text-slate-700">
              <Feature>Everything in Standard</Feature>
              <Feature>Featured placement in search results</Feature>
              <Feature>Customer reviews and quote requests on your profile</Feature>
              <Feature>Unlimited waste transfer notes</Feature>
            </ul>
          </label>
        </div>
        <FieldError errors={errors.plan} />
      </fieldset>
      <fieldset>
        <legend className="mb-2 text-sm font-medium text-slate-800">Billing period</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <label className={card}>
            <span className="flex items-center gap-2">
              <input
                type="radio"
                name="period"
                value="monthly"
                defaultChecked={values.period === "monthly"}
                className="size-4 accent-brand-600"
                aria-labelledby="period-monthly"
                aria-describedby="period-monthly-price"
              />
              <span id="period-monthly" className="font-semibold text-slate-900">
                Monthly
              </span>
            </span>
            <span id="period-monthly-price" className="mt-1 text-sm text-slate-600">
              Premium: {PREMIUM_PRICE.monthly} a month
            </span>
          </label>
          <label className={card}>
            <span className="flex flex-wrap items-center gap-2">
              <input
                type="radio"
                name="period"
                value="yearly"
                defaultChecked={values.period === "yearly"}
                className="size-4 accent-brand-600"
                aria-labelledby="period-yearly"
                aria-describedby="period-yearly-saving period-yearly-price"
              />
              <span id="period-yearly" className="font-semibold text-slate-900">
                Yearly
              </span>
              <Badge id="period-yearly-saving" tone="green">
                {PREMIUM_YEARLY_SAVING}
              </Badge>
            </span>
            <span id="period-yearly-price" className="mt-1 text-sm text-slate-600">
              Premium: {PREMIUM_PRICE.yearly} a year
            </span>
          </label>
        </div>
        <FieldError errors={errors.period} />
      </fieldset>
      <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-600">
        Nothing is charged now. {CLAIM_TEXT.reviewTime} New listings usually start with a free trial; we
        confirm your plan when we approve the claim.
      </p>
    </div>
  );
}

function Feature({ children }: { children: React.ReactNode }) {
  return (
    <li className="flex gap-2">
      <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-600" />
      <span>{children}</span>
    </li>
  );
}
