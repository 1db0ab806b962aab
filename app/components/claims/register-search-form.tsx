/** The GET form of each /register tab: one labelled input and its button, with a hint and the error. */
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { FieldError, Input, Label } from "~/components/ui/form";
import { useHydrated } from "~/components/waste-notes/use-hydrated";

export function RegisterSearchForm({
  field,
  value,
  onChange,
  error,
  tab,
  hint,
  button,
}: {
  /** The input's id and name, its label and how it is filled in. */
  field: {
    name: string;
    label: string;
    placeholder: string;
    autoComplete: string;
    maxLength: number;
    spellCheck?: boolean;
  };
  value: string;
  onChange: (value: string) => void;
  /** The error of the search shown (null when none is shown). */
  error: string | null;
  /** The tab's value in the URL, when it is not the first tab. */
  tab?: string;
  hint?: React.ReactNode;
  button: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const { name, label, ...input } = field;
  return (
    <Form method="get" action="/register" className="space-y-3" noValidate>
      {tab ? <input type="hidden" name="tab" value={tab} /> : null}
      <div>
        <Label htmlFor={name}>{label}</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            id={name}
            name={name}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            {...input}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${name}-error` : hint ? `${name}-hint` : undefined}
          />
          <Button type="submit" disabled={hydrated && !value.trim()} className="shrink-0">
            {button}
          </Button>
        </div>
        {hint ? (
          <p id={`${name}-hint`} className="mt-1 text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
        <FieldError id={`${name}-error`} errors={error} />
      </div>
    </Form>
  );
}
