import { useId } from "react";
import { cn } from "./cn";

export function Input({ className, ...props }: React.InputHTMLAttributes<HTMLInputElement>) {
  return <input className={cn("control control-line", className)} {...props} />;
}

export function Textarea({ className, ...props }: React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn("control", className)} {...props} />;
}

export function Select({ className, ...props }: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return <select className={cn("control control-line", className)} {...props} />;
}

export function Label({ className, ...props }: React.LabelHTMLAttributes<HTMLLabelElement>) {
  return <label className={cn("label", className)} {...props} />;
}

export function FieldError({ id, errors }: { id?: string; errors?: string[] | string | null }) {
  const list = errors == null ? [] : Array.isArray(errors) ? errors : [errors];
  if (list.length === 0) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700" role="alert">
      {list.join(" ")}
    </p>
  );
}

/**
 * A labelled control with its error and hint wired up for screen readers.
 * `children` receives the props to spread on the control.
 */
export function Field({
  label,
  errors,
  hint,
  className,
  children,
}: {
  label: React.ReactNode;
  errors?: string[] | string | null;
  hint?: React.ReactNode;
  className?: string;
  children: (props: { id: string; "aria-invalid"?: boolean; "aria-describedby"?: string }) => React.ReactNode;
}) {
  const id = useId();
  const hasError = errors != null && (Array.isArray(errors) ? errors.length > 0 : true);
  const describedBy = [hint ? `${id}-hint` : null, hasError ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className={className}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-invalid": hasError || undefined, "aria-describedby": describedBy || undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}
