import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { KeyRound, MailCheck } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { AuthCard, RedirectAfter } from "~/components/auth/auth-card";
import { FormError, FormField } from "~/components/auth/form-field";
import { MESSAGES } from "~/components/auth/messages";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { requestPasswordReset } from "~/modules/accounts/request-password-reset.server";
import { getApp } from "~/web/context";
import type { Route } from "./+types/request-reset";
import { pageMeta } from "~/web/meta";

const schema = z.object({
  email: z
    .string({ error: MESSAGES.emailRequired })
    .trim()
    .email("Please enter a valid email address")
    .max(254),
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
      {
        result: submission.reply({ formErrors: [message] }),
        sentTo: null as string | null,
        toast: {
          title: MESSAGES.resetFailedToast,
          description: message,
          variant: "destructive",
        } as ToastMessage,
      },
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
  useToastOnce(actionData?.toast);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
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
        <FormField
          label="Email"
          meta={fields.email}
          type="email"
          autoComplete="email"
          placeholder="you@company.co.uk"
        />
        <Button type="submit" className="w-full" disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? "Sending..." : "Send Reset Link"}
        </Button>
      </Form>
    </AuthCard>
  );
}
