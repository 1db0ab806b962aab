/** The Add Provider form's sections: the business's owner, and the subscription. */
import type * as z from "zod/mini";
import { PlanPeriodFields } from "~/components/claims/plan-period-fields";
import { Field, Input } from "~/components/ui/form";
import type { addProviderSchema } from "~/modules/claims/claim-form";

type FieldName = keyof z.infer<typeof addProviderSchema>;
/** The form's values as sent (or the registration number it was opened with). */
export type AddProviderValues = Partial<Record<FieldName, string>>;
/** Each field's error, and the form's own ("form"). */
export type AddProviderErrors = Partial<Record<FieldName | "form", string>>;
type Values = AddProviderValues;
type Errors = AddProviderErrors;

/** One text box of the form, named after its field, with the value as sent and its error. */
export function TextField({
  name,
  label,
  hint,
  type,
  className,
  values,
  errors,
}: {
  name: FieldName;
  label: string;
  hint?: string;
  type?: "email" | "tel";
  className?: string;
  values: Values;
  errors: Errors;
}) {
  return (
    <Field label={label} errors={errors[name]} hint={hint}>
      {(p) => (
        <Input
          {...p}
          type={type}
          name={name}
          defaultValue={values[name]}
          autoComplete="off"
          className={className}
        />
      )}
    </Field>
  );
}

export function OwnerFields({ values, errors }: { values: Values; errors: Errors }) {
  const form = { values, errors };
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-slate-900">Owner</legend>
      <TextField name="contactName" label="Owner's name" {...form} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="contactEmail"
          label="Owner's email"
          hint="They are emailed a link to set a password and sign in."
          type="email"
          {...form}
        />
        <TextField name="contactPhone" label="Phone" type="tel" {...form} />
      </div>
    </fieldset>
  );
}

/** Plan, period and the free trial (ticked on a fresh form; as sent after a refusal). */
export function SubscriptionFields({
  values,
  errors,
  sent,
}: {
  values: Values;
  errors: Errors;
  /** Whether the form was sent and refused (then the trial box shows what was sent). */
  sent: boolean;
}) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-sm font-semibold text-slate-900">Subscription</legend>
      <PlanPeriodFields plan={values.plan} period={values.period} errors={errors} />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="freeTrial"
          value="on"
          defaultChecked={sent ? values.freeTrial === "on" : true}
          className="size-4 accent-brand-600"
        />{" "}
        Start with a free trial (3 months from today)
      </label>
    </fieldset>
  );
}
