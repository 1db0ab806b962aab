import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { FieldError, Input, Label } from "~/components/ui/form";

/** A labelled input bound to a Conform field: server and client errors, wired for screen readers. */
export function FormField({
  label,
  meta,
  type,
  hint,
  ...props
}: {
  label: string;
  meta: FieldMetadata<string>;
  type: "email" | "password" | "text";
  hint?: React.ReactNode;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type">) {
  const inputProps = getInputProps(meta, { type });
  const describedBy = [hint ? `${meta.id}-hint` : null, meta.errors?.length ? meta.errorId : null]
    .filter(Boolean)
    .join(" ");
  return (
    <div>
      <Label htmlFor={meta.id}>{label}</Label>
      <Input {...inputProps} key={inputProps.key} aria-describedby={describedBy || undefined} {...props} />
      {hint ? (
        <p id={`${meta.id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** The form-level error (shown inline, announced). */
export function FormError({ id, errors }: { id?: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      {errors.join(" ")}
    </div>
  );
}

/** The e-mail address of the sign-in and reset forms. */
export function EmailFormField({ meta }: { meta: FieldMetadata<string> }) {
  return (
    <FormField label="Email" meta={meta} type="email" autoComplete="email" placeholder="you@company.co.uk" />
  );
}

/** Where to go after signing in, carried through the form when there is somewhere. */
export function RedirectToField({ value }: { value: string | null | undefined }) {
  return value ? <input type="hidden" name="redirectTo" value={value} /> : null;
}
