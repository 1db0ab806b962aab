import { Field, Select } from "~/components/ui/form";
import { PERIODS, periodLabel, PLANS, planLabel } from "~/modules/claims/constants";

function ChoiceSelect<T extends string>({
  label,
  name,
  value,
  error,
  options,
  optionLabel,
}: {
  label: string;
  name: string;
  value: string;
  error: string | undefined;
  options: readonly T[];
  optionLabel: (option: T) => string;
}) {
  return (
    <Field label={label} errors={error}>
      {(p) => (
        <Select {...p} name={name} defaultValue={value}>
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

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
      <ChoiceSelect
        label="Subscription plan"
        name="plan"
        value={plan ?? "standard"}
        error={errors.plan}
        options={PLANS}
        optionLabel={planLabel}
      />
      <ChoiceSelect
        label="Subscription period"
        name="period"
        value={period ?? "monthly"}
        error={errors.period}
        options={PERIODS}
        optionLabel={periodLabel}
      />
    </div>
  );
}
