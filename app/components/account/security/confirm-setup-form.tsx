/**
 * Turning two-factor on: the current password (a session alone cannot), then a code from the app
 * (typed last: it changes every 30 seconds). The set-up's key goes back with them (decision 0262).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormError, FormField } from "~/components/auth/form-field";
import { Button } from "~/components/ui/button";
import { confirmSchema } from "./schemas";

export function ConfirmSetupForm({ setupKey, lastResult }: { setupKey: string; lastResult: unknown }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "code-confirm",
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    lastResult: lastResult as any,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: confirmSchema }),
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-3">
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="key" value={setupKey} />
      <FormError id={form.errorId} errors={form.errors} />
      <FormField
        label="Current password"
        meta={fields.currentPassword}
        type="password"
        autoComplete="current-password"
        hint="So that only you can turn on two-factor for your account."
        className="max-w-xs"
      />
      <FormField
        label="6-digit code from the app"
        meta={fields.code}
        type="text"
        autoComplete="one-time-code"
        className="max-w-xs"
      />
      <Button type="submit" disabled={navigation.state !== "idle"}>
        Turn on two-factor
      </Button>
    </Form>
  );
}
