/** Set Your Password: the screen shared by /auth/recovery, /password-recovery and /auth/invite. */
import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { CheckCircle2, LockKeyhole } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AuthCard, RedirectAfter } from "~/components/auth/auth-card";
import { FormError, FormField } from "~/components/auth/form-field";
import { MESSAGES } from "~/components/auth/messages";
import { setPasswordSchema } from "~/components/auth/schemas";
import { useAuthForm } from "~/components/auth/use-auth-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";

const schema = setPasswordSchema;

export interface SetPasswordActionData {
  result: SubmissionResult<string[]>;
  done: boolean;
  toast: ToastMessage | null;
}

const NOT_LOGGED_IN_TOAST: ToastMessage = {
  title: MESSAGES.notLoggedInToast,
  description: MESSAGES.notLoggedIn,
  variant: "destructive",
};

export function SetPasswordPage({
  loaderData,
  actionData,
}: {
  loaderData: { email: string | null };
  actionData?: SetPasswordActionData;
}) {
  const navigation = useNavigation();
  const hasLink = loaderData.email !== null;
  const [form, fields] = useAuthForm(schema, actionData, {
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  useToastOnce(!hasLink && !actionData ? NOT_LOGGED_IN_TOAST : null);
  if (actionData?.done) {
    return (
      <AuthCard title="Password set" icon={<CheckCircle2 className="h-6 w-6" />}>
        <RedirectAfter to="/login" seconds={3} />
        <Alert tone="success" title="Your password has been set">
          You have been signed out. Redirecting to login in 3 seconds...
        </Alert>
        <p className="mt-4 text-center text-sm">
          <Link to="/login" className="font-medium text-brand-700 hover:underline">
            Go to Login
          </Link>
        </p>
      </AuthCard>
    );
  }
  const busy = navigation.state !== "idle";
  return (
    <AuthCard
      title="Set Your Password"
      description="Choose a password for your account."
      icon={<LockKeyhole className="h-6 w-6" />}
      footer={hasLink ? undefined : MESSAGES.noSessionHint}
    >
      {hasLink ? (
        <Alert tone="success" title={MESSAGES.accountVerified} className="mb-4">
          Setting the password for <strong>{loaderData.email}</strong>.
        </Alert>
      ) : !actionData ? (
        <Alert tone="error" className="mb-4">
          {MESSAGES.notLoggedIn}
        </Alert>
      ) : null}
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        <fieldset disabled={!hasLink || busy} className="space-y-4">
          <FormField
            label="New password"
            meta={fields.password}
            type="password"
            autoComplete="new-password"
            hint="At least 6 characters."
          />
          <FormField
            label="Confirm password"
            meta={fields.confirmPassword}
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" className="w-full">
            {busy ? "Setting password..." : "Set Password"}
          </Button>
        </fieldset>
      </Form>
    </AuthCard>
  );
}
