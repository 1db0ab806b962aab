import { Field, Select } from "~/components/ui/form";
import { PERIODS, periodLabel, PLANS, planLabel } from "~/modules/claims/constants";

/** The admin's choice of subscription plan and period (claim approval and Add Provider). */
export function PlanPeriodFields({
  plan,
  period,
  errors = {},
}: {
  plan?: string;
  period?: string;
  errors?: { plan?: string; period?: string };
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label="Subscription plan" errors={errors.plan}>
        {(p) => (
          <Select {...p} name="plan" defaultValue={plan ?? "standard"}>
            {PLANS.map((value) => (
              <option key={value} value={value}>
                {planLabel(value)}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Subscription period" errors={errors.period}>
        {(p) => (
          <Select {...p} name="period" defaultValue={period ?? "monthly"}>
            {PERIODS.map((value) => (
              <option key={value} value={value}>
                {periodLabel(value)}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </div>
  );
}
