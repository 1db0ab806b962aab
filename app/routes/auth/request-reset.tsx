import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound, MailCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import * as z from "zod/mini";
import { AuthCard, RedirectAfter } from "~/components/auth/auth-card";
import { EmailFormField, FormError } from "~/components/auth/form-field";
import { emailSchema } from "~/components/auth/schemas";
import { useAuthForm } from "~/components/auth/use-auth-form";
import { MESSAGES } from "~/components/auth/messages";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { type ToastMessage } from "~/components/ui/toast";
import { requestPasswordReset } from "~/modules/accounts/request-password-reset.server";
import { getApp } from "~/web/context";
import type { Route } from "./+types/request-reset";
import { refusal } from "./refusal.server";
import { pageMeta } from "~/web/meta";

const schema = z.object({
  email: emailSchema,
});

export function meta() {
  return pageMeta({ title: "Reset Password", noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply(), sentTo: null as string | null, toast: null as ToastMessage | null },
      { status: 400 },
    );
  }
  const fail = (message: string, status: number) =>
    data(
      { ...refusal(submission, message, MESSAGES.resetFailedToast), sentTo: null as string | null },
      { status },
    );
  try {
    const result = await requestPasswordReset(app.db, { email: submission.value.email, ip: app.clientIp });
    if (result.status === "rate-limited")
      return fail("Too many reset requests. Please wait a moment before trying again.", 429);
    // The same answer whether or not an account exists for the address.
    return {
      result: submission.reply({ resetForm: true }),
      sentTo: submission.value.email,
      toast: null as ToastMessage | null,
    };
  } catch (error) {
    app.log.error({ err: error }, "reset request failed");
    return fail(MESSAGES.unexpected, 500);
  }
}

export default function RequestReset({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useAuthForm(schema, actionData, { shouldRevalidate: "onInput" });
  const footer = (
    <Link to="/login" className="font-medium text-brand-700 hover:underline">
      Back to login
    </Link>
  );
  if (actionData?.sentTo) {
    return (
      <AuthCard title="Check your email" icon={<MailCheck className="h-6 w-6" />} footer={footer}>
        <RedirectAfter to="/login" seconds={5} />
        <Alert tone="success" title="Reset link sent">
          If an account exists for <strong>{actionData.sentTo}</strong>, we have sent a link to reset your
          password. It expires in 1 hour.
        </Alert>
        <p className="mt-4 text-center text-sm text-slate-600">Redirecting to login in 5 seconds...</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Reset Password"
      description="Enter your email address and we'll send you a link to reset your password."
      icon={<KeyRound className="h-6 w-6" />}
      footer={footer}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        <EmailFormField meta={fields.email} />
        <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Sending..." : "Send Reset Link"}
        </Button>
      </Form>
    </AuthCard>
  );
}
