/** A form that asks for a code from the authenticator app (or a recovery code) for one intent. */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormError, FormField } from "~/components/auth/form-field";
import { Button } from "~/components/ui/button";
import { codeSchema, type SecurityIntent } from "./schemas";

export function CodeForm({
  intent,
  label,
  submit,
  lastResult,
  variant = "primary",
}: {
  intent: SecurityIntent;
  label: string;
  submit: string;
  lastResult: unknown;
  variant?: "primary" | "danger" | "outline";
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `code-${intent}`,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    lastResult: lastResult as any,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: codeSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value={intent} />
      <FormError id={form.errorId} errors={form.errors} />
      <FormField
        label={label}
        meta={fields.code}
        type="text"
        autoComplete="one-time-code"
        className="max-w-xs"
      />
      <Button type="submit" variant={variant} disabled={navigation.state !== "idle"}>
        {submit}
      </Button>
    </Form>
  );
}
