/** Conform-bound controls for the visitor forms (labels, errors and hints wired for screen readers). */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { FieldError, Input, Label, Select, Textarea } from "~/components/ui/form";

function describedBy(meta: FieldMetadata<unknown>, hint?: React.ReactNode) {
  return (
    [hint ? `${meta.id}-hint` : null, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(" ") ||
    undefined
  );
}

function Hint({ id, hint }: { id: string; hint?: React.ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
      {hint}
    </p>
  ) : null;
}

/** A control's frame: its label (with "(optional)"), the control, the hint and the error. */
function FieldFrame({
  meta,
  label,
  optional,
  hint,
  children,
}: {
  meta: { id: string; errorId: string; errors?: string[] };
  label: string;
  optional?: boolean;
  hint?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div>
      <Label htmlFor={meta.id}>
        {label}
        {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </Label>
      {children}
      <Hint id={meta.id} hint={hint} />
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function TextField({
  label,
  meta,
  type = "text",
  hint,
  optional,
  ...props
}: {
  label: string;
  meta: FieldMetadata<unknown>;
  type?: "text" | "email" | "tel";
  hint?: React.ReactNode;
  optional?: boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type">) {
  const p = getInputProps(meta as FieldMetadata<string>, { type });
  return (
    <FieldFrame meta={meta} label={label} optional={optional} hint={hint}>
      <Input {...p} key={p.key} aria-describedby={describedBy(meta, hint)} {...props} />
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  meta,
  hint,
  ...props
}: {
  label: string;
  meta: FieldMetadata<unknown>;
  hint?: React.ReactNode;
} & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const p = getTextareaProps(meta as FieldMetadata<string>);
  return (
    <FieldFrame meta={meta} label={label} hint={hint}>
      <Textarea {...p} key={p.key} aria-describedby={describedBy(meta, hint)} {...props} />
    </FieldFrame>
  );
}

export function SelectField({
  label,
  meta,
  options,
  placeholder,
  optional,
  hint,
  ...props
}: {
  label: string;
  meta: FieldMetadata<unknown>;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
  optional?: boolean;
  hint?: React.ReactNode;
} & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const p = getSelectProps(meta as FieldMetadata<string>);
  return (
    <FieldFrame meta={meta} label={label} optional={optional} hint={hint}>
      <Select {...p} key={p.key} aria-describedby={describedBy(meta, hint)} {...props}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </FieldFrame>
  );
}

/** The photo input: images only (checked again by content on the server), one file. */
export function PhotoField({
  id,
  label,
  errors,
  hint,
}: {
  id: string;
  label: string;
  errors?: string[];
  hint?: React.ReactNode;
}) {
  const errorId = `${id}-error`;
  return (
    <FieldFrame
      meta={{ id, errorId, errors }}
      label={label}
      optional
      hint={hint ?? "JPEG, PNG, GIF or WebP, up to 10 MB."}
    >
      <input
        id={id}
        name="photo"
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp"
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={[`${id}-hint`, errors?.length ? errorId : null].filter(Boolean).join(" ")}
        className="block w-full rounded-md border border-slate-300 bg-white text-sm text-slate-700 file:mr-3 file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-medium file:text-slate-800 hover:file:bg-slate-200 aria-[invalid=true]:border-red-600"
      />
    </FieldFrame>
  );
}
