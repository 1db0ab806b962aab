/**
 * Building blocks shared by the waste note form's sections: the value/error source each section reads,
 * the required-field marker, the one-line and address fields, the titled card and the party status
 * checkbox group.
 */
import { useState } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { Field, FieldError, Input, Textarea } from "~/components/ui/form";
import { PARTY_STATUSES, type PartyStatus } from "~/modules/waste-notes/constants";

export type WasteNoteFormValues = Record<string, string | string[] | undefined>;
export type WasteNoteFormErrors = Partial<Record<string, string[]>>;

/** What every section needs from the form: errors, the sent or prefilled value of a field, hydration. */
export interface FormSectionProps {
  errors: WasteNoteFormErrors;
  /** The sent (or else prefilled) value of a text field. */
  str: (name: string) => string | undefined;
  /** The sent (or else prefilled) values of a multi-value field, or `fallback`. */
  list: (name: string, fallback: string[]) => string[];
  hydrated: boolean;
}

/** Without JavaScript every conditional field shows; once hydrated, only when `when` holds. */
export const showWhen = (hydrated: boolean, when: boolean) => !hydrated || when;

/** The red asterisk after a required field's label. */
export const Req = () => (
  <span className="text-red-700" aria-hidden>
    {" "}
    *
  </span>
);

/** A required field: its label with the marker, its errors and hint; `children` gets the control's props. */
export function RequiredField({
  label,
  errors,
  hint,
  className,
  children,
}: {
  label: string;
  errors?: string[];
  hint?: React.ReactNode;
  className?: string;
  children: React.ComponentProps<typeof Field>["children"];
}) {
  return (
    <Field
      className={className}
      label={
        <>
          {label}
          <Req />
        </>
      }
      errors={errors}
      hint={hint}
    >
      {children}
    </Field>
  );
}

type TextFieldProps = {
  /** The section's errors and values; the field's are those of its `name`. */
  section: Pick<FormSectionProps, "errors" | "str">;
  name: string;
  label: string;
  hint?: React.ReactNode;
};

/**
 * A one-line field named as the value it holds, showing its sent or prefilled value (else
 * `fallback`); `required` adds the marker and aria-required; `input` adds to the control's attributes.
 */
export function NoteInput({
  section,
  name,
  label,
  hint,
  className,
  required = false,
  fallback,
  ...input
}: TextFieldProps & {
  className?: string;
  required?: boolean;
  fallback?: string;
} & Omit<React.ComponentProps<typeof Input>, "name" | "defaultValue" | "required">) {
  const Frame = required ? RequiredField : Field;
  return (
    <Frame label={label} errors={section.errors[name]} hint={hint} className={className}>
      {(p) => (
        <Input
          {...p}
          name={name}
          {...input}
          defaultValue={section.str(name) ?? fallback}
          aria-required={required || undefined}
        />
      )}
    </Frame>
  );
}

/** A required address (two lines), across both columns of the section. */
export function RequiredAddress({ section, name, label, hint }: TextFieldProps) {
  return (
    <RequiredField className="sm:col-span-2" label={label} errors={section.errors[name]} hint={hint}>
      {(p) => <Textarea {...p} name={name} rows={2} defaultValue={section.str(name)} aria-required />}
    </RequiredField>
  );
}

/** A titled card holding one section of the form in a two-column grid. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <p className="mt-0.5 text-sm text-slate-600">{description}</p> : null}
      </CardHeader>
      <CardContent className="grid gap-4 sm:grid-cols-2">{children}</CardContent>
    </Card>
  );
}

/** A party's status checkboxes ("tick all that apply"), each with its detail field when ticked. */
export function StatusGroup({
  field,
  options,
  fallback,
  details,
  errors,
  str,
  list,
  hydrated,
}: FormSectionProps & {
  field: "transferorStatus" | "transfereeStatus";
  options: PartyStatus[];
  /** What is ticked on a new form. */
  fallback: PartyStatus[];
  details: Partial<Record<PartyStatus, { name: string; label: string }>>;
}) {
  const [selected, setSelected] = useState<string[]>(list(field, fallback));
  return (
    <fieldset className="sm:col-span-2">
      <legend className="mb-2 text-sm font-medium text-slate-800">
        Status (tick all that apply)
        <Req />
      </legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((s) => {
          const checked = selected.includes(s);
          const detail = details[s];
          return (
            <div
              key={s}
              className={cn(
                "rounded-md border px-3 py-2",
                checked ? "border-brand-600 bg-brand-50" : "border-slate-200",
              )}
            >
              <label className="flex items-start gap-2 text-sm text-slate-800">
                <input
                  type="checkbox"
                  name={field}
                  value={s}
                  checked={checked}
                  onChange={(e) =>
                    setSelected(e.target.checked ? [...selected, s] : selected.filter((x) => x !== s))
                  }
                  className="mt-0.5 size-4 accent-brand-600"
                />
                <span>{PARTY_STATUSES[s]}</span>
              </label>
              {detail && showWhen(hydrated, checked) ? (
                <NoteInput
                  section={{ errors, str }}
                  name={detail.name}
                  label={detail.label}
                  className="mt-2"
                />
              ) : null}
            </div>
          );
        })}
      </div>
      <FieldError errors={errors[field]} />
    </fieldset>
  );
}
