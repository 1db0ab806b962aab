/** Step 3, Choose Plan: Standard (free) or Premium, monthly or yearly. Radio cards, no script needed. */
import { Check } from "lucide-react";
import { PeriodFieldset, PlanFeature, RadioHeading } from "~/components/plans/choice-card";
import { FieldError } from "~/components/ui/form";
import { CLAIM_TEXT, PREMIUM_PRICE, STANDARD_NOTES_PER_MONTH } from "~/modules/claims/constants";
import type { WizardValues } from "~/modules/claims/wizard-state";
import type { WizardStepProps } from "./step-props";

const card =
  "relative flex cursor-pointer flex-col rounded-lg border-2 border-slate-200 bg-white p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600/40";

function PlanFieldset({ plan, error }: { plan: WizardValues["plan"]; error: string | undefined }) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-800">Plan</legend>
      <div className="grid gap-3 md:grid-cols-2">
        <label className={card}>
          <span className="flex items-center justify-between gap-2">
            <PlanHeading plan="standard" chosen={plan} describedBy="plan-standard-details" title="Standard" />
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
            <PlanHeading
              plan="premium"
              chosen={plan}
              describedBy="plan-premium-price plan-premium-details"
              title="Premium"
            />
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
      <FieldError errors={error} />
    </fieldset>
  );
}

function PlanHeading({
  plan,
  chosen,
  describedBy,
  title,
}: {
  plan: WizardValues["plan"];
  chosen: WizardValues["plan"];
  describedBy: string;
  title: string;
}) {
  return (
    <RadioHeading
      name="plan"
      value={plan}
      defaultChecked={chosen === plan}
      id={`plan-${plan}`}
      describedBy={describedBy}
      titleClassName="text-lg font-semibold text-slate-900"
      title={title}
    />
  );
}

export function PlanStep({ active, values, errors }: WizardStepProps) {
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
      <PlanFieldset plan={values.plan} error={errors.plan} />
      <PeriodFieldset
        period={values.period}
        error={errors.period}
        cardClassName={card}
        withIds
        pricePrefix="Premium: "
      />
      <p className="rounded-md bg-slate-50 p-3 text-sm text-slate-600">
        Nothing is charged now. {CLAIM_TEXT.reviewTime} New listings usually start with a free trial; we
        confirm your plan when we approve the claim.
      </p>
    </div>
  );
}

function Feature({ children }: { children: React.ReactNode }) {
  return (
    <PlanFeature icon={Check} iconClassName="text-brand-600">
      {children}
    </PlanFeature>
  );
}
