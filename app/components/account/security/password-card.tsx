/** Change password: the current one and the new one twice; every other device is signed out. */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "react-router";
import { FormError, FormField } from "~/components/auth/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { passwordSchema } from "./schemas";

export function PasswordCard({ lastResult }: { lastResult: unknown }) {
  const navigation = useNavigation();
  const [pwForm, pwFields] = useForm({
    id: "change-password",
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    lastResult: lastResult as any,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Change password</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="mb-4 text-sm text-slate-600">
          Changing your password signs you out on every other device.
        </p>
        <Form method="post" {...getFormProps(pwForm)} className="max-w-sm space-y-4">
          <input type="hidden" name="intent" value="password" />
          <FormError id={pwForm.errorId} errors={pwForm.errors} />
          <FormField
            label="Current password"
            meta={pwFields.currentPassword}
            type="password"
            autoComplete="current-password"
          />
          <FormField
            label="New password"
            meta={pwFields.password}
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters."
          />
          <FormField
            label="Confirm new password"
            meta={pwFields.confirmPassword}
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" disabled={navigation.state !== "idle"}>
            Change password
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
