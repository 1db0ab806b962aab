/**
 * An admin list's filters of several fields (the audit log, the waste note search): a GET form
 * (works without JavaScript), one column on a phone, ending with its submit button and a link
 * back to the unfiltered list. The fields: search boxes, drop-downs and a range of UK days.
 */
import { X, type LucideIcon } from "lucide-react";
import { Form, Link } from "react-router";
import { Button, buttonVariants } from "~/components/ui/button";
import { Field, Input, Select } from "~/components/ui/form";

export function AdminFilterForm({
  label,
  role,
  submit,
  clear,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  role?: "search";
  /** The submit button's icon and text. */
  submit: { icon: LucideIcon; text: string };
  /** The link back to the unfiltered list, and its text. */
  clear: { to: string; text: string };
  /** The fields. */
  children: React.ReactNode;
}) {
  return (
    <Form
      method="get"
      role={role}
      aria-label={label}
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {children}
      <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">
          <submit.icon aria-hidden className="size-4" /> {submit.text}
        </Button>
        <Link to={clear.to} className={buttonVariants({ variant: "outline" })}>
          <X aria-hidden className="size-4" /> {clear.text}
        </Link>
      </div>
    </Form>
  );
}

/** One filter field: a search box, or a drop-down ("any" first, then each value by its label). */
export type FilterFieldSpec<K extends string> = { name: K; label: string } & (
  | { hint?: string; maxLength: number; placeholder?: string }
  | { any: string; options: Record<string, string> }
);

/** The fields, in order, each showing its value back as typed and its error. */
export function FilterFields<K extends string>({
  fields,
  values,
  errors,
}: {
  fields: readonly FilterFieldSpec<K>[];
  values: Record<K, string>;
  errors: Partial<Record<K, string>>;
}) {
  return fields.map((f) =>
    "options" in f ? (
      <Field key={f.name} label={f.label} errors={errors[f.name]}>
        {(p) => (
          <Select {...p} name={f.name} defaultValue={values[f.name]}>
            <option value="">{f.any}</option>
            {Object.entries(f.options).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        )}
      </Field>
    ) : (
      <Field key={f.name} label={f.label} errors={errors[f.name]} hint={f.hint}>
        {(p) => (
          <Input
            {...p}
            name={f.name}
            type="search"
            defaultValue={values[f.name]}
            maxLength={f.maxLength}
            placeholder={f.placeholder}
            autoComplete="off"
          />
        )}
      </Field>
    ),
  );
}

/** The range of UK days (`from`, `to`), side by side. */
export function DayRangeFields({
  values,
  errors,
}: {
  values: { from: string; to: string };
  errors: { from?: string; to?: string };
}) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Field label="From" errors={errors.from}>
        {(p) => <Input {...p} name="from" type="date" defaultValue={values.from} />}
      </Field>
      <Field label="To" errors={errors.to}>
        {(p) => <Input {...p} name="to" type="date" defaultValue={values.to} />}
      </Field>
    </div>
  );
}
