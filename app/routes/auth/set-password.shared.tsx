/**
 * Set Your Password: one screen behind three links (/auth/recovery and /password-recovery for
 * reset links, /auth/invite for invitations). See link-cookie.server.ts for how the link's token
 * becomes the right to set the password.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, LockKeyhole } from "lucide-react";
import { data, Form, Link, redirect, useNavigation, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { AuthCard, RedirectAfter } from "~/components/auth/auth-card";
import { FormError, FormField } from "~/components/auth/form-field";
import { MESSAGES } from "~/components/auth/messages";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { checkPasswordLink, setPasswordWithToken } from "~/modules/accounts/set-password.server";
import type { Purpose } from "~/modules/accounts/tokens.server";
import { getApp } from "~/platform/context";
import { clearSessionCookie } from "~/platform/session.server";
import { clearLinkToken, readLinkToken, storeLinkToken } from "./link-cookie.server";

export const schema = z
  .object({
    password: z.string({ error: MESSAGES.passwordTooShort }).min(6, MESSAGES.passwordTooShort).max(256, "Password is too long"),
    confirmPassword: z.string({ error: "Please confirm your password" }).max(256),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsDoNotMatch, path: ["confirmPassword"] });

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

export async function setPasswordLoader({ request, context }: Args, purposes: Purpose[]) {
  const { db, config } = getApp(context);
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (token !== null) {
    const link = await checkPasswordLink(db, token, purposes);
    const cookie = link ? await storeLinkToken(config, token) : await clearLinkToken(config);
    url.searchParams.delete("token");
    throw redirect(url.pathname + url.search, { headers: { "Set-Cookie": cookie, "Referrer-Policy": "no-referrer" } });
  }
  const link = await checkPasswordLink(db, await readLinkToken(request, config), purposes);
  return { email: link?.email ?? null };
}

export async function setPasswordAction({ request, context }: Args, purposes: Purpose[]) {
  const app = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), done: false, toast: null as ToastMessage | null },
      { status: 400 },
    );
  }
  const fail = (message: string, status: number) =>
    data(
      {
        result: submission.reply({ formErrors: [message], hideFields: ["password", "confirmPassword"] }),
        done: false,
        toast: { title: MESSAGES.setPasswordFailedToast, description: message, variant: "destructive" } as ToastMessage,
      },
      { status },
    );
  try {
    const result = await setPasswordWithToken(app.db, app.config, {
      token: await readLinkToken(request, app.config),
      purposes,
      password: submission.value.password,
    });
    if (result.status === "invalid-link") return fail(MESSAGES.notLoggedIn, 401);
    if (result.status === "weak-password") return fail(MESSAGES.setPasswordFailed, 400);
    // Done: the link is used up and every session of the account is signed out, this browser's too.
    const headers = new Headers();
    headers.append("Set-Cookie", await clearLinkToken(app.config));
    headers.append("Set-Cookie", await clearSessionCookie(app.config));
    return data(
      {
        result: submission.reply({ resetForm: true }),
        done: true,
        toast: { title: "Password Set", description: "Your password has been set. Please sign in.", variant: "success" } as ToastMessage,
      },
      { headers },
    );
  } catch (error) {
    app.log.error({ err: error }, "set password failed");
    return fail(MESSAGES.unexpected, 500);
  }
}

const NOT_LOGGED_IN_TOAST: ToastMessage = { title: MESSAGES.notLoggedInToast, description: MESSAGES.notLoggedIn, variant: "destructive" };

export function SetPasswordPage({
  loaderData,
  actionData,
}: {
  loaderData: { email: string | null };
  actionData?: Awaited<ReturnType<typeof setPasswordAction>> extends infer R ? (R extends { data: infer D } ? D : R) : never;
}) {
  const navigation = useNavigation();
  const hasLink = loaderData.email !== null;
  useToastOnce(actionData?.toast);
  useToastOnce(!hasLink && !actionData ? NOT_LOGGED_IN_TOAST : null);
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
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
          <FormField label="New password" meta={fields.password} type="password" autoComplete="new-password" hint="At least 6 characters." />
          <FormField label="Confirm password" meta={fields.confirmPassword} type="password" autoComplete="new-password" />
          <Button type="submit" className="w-full">
            {busy ? "Setting password..." : "Set Password"}
          </Button>
        </fieldset>
      </Form>
    </AuthCard>
  );
}
