/**
 * Account security for any signed-in user: two-factor enrolment (QR code + manual key), recovery
 * codes (shown once), turning two-factor off with a fresh code, and changing the password. Wrong
 * current passwords and wrong codes are limited per account (decision 0409).
 */
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ShieldCheck, ShieldOff } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { FormError, FormField } from "~/components/auth/form-field";
import { LIMIT_MESSAGES, MESSAGES, retryAfterSeconds, retryIn } from "~/components/auth/messages";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { changePassword } from "~/modules/accounts/change-password.server";
import { disableTotp } from "~/modules/accounts/disable-totp.server";
import {
  cancelTotpEnrolment,
  confirmTotpEnrolment,
  pendingTotpSetup,
  startTotpEnrolment,
} from "~/modules/accounts/enrol-totp.server";
import { getAccount } from "~/modules/accounts/get-account.server";
import { qrCodeDataUrl } from "~/modules/accounts/qr-code.server";
import { regenerateRecoveryCodes } from "~/modules/accounts/regenerate-recovery-codes.server";
import { getApp } from "~/web/context";
import { getAuth, requireUser } from "~/web/guards.server";
import type { Route } from "./+types/security";
import { pageMeta } from "~/web/meta";

const codeField = z.string({ error: "Please enter the code from your authenticator app" }).trim().max(20);
const codeSchema = z.object({ code: codeField });
const passwordSchema = z
  .object({
    currentPassword: z.string({ error: "Please enter your current password" }).max(256),
    password: z.string({ error: MESSAGES.passwordTooShort }).min(6, MESSAGES.passwordTooShort).max(256),
    confirmPassword: z.string({ error: "Please confirm your password" }).max(256),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

export function meta() {
  return pageMeta({ title: "Account security", noindex: true });
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url);
  const { db } = getApp(context);
  const account = await getAccount(db, user.id);
  const setup = await pendingTotpSetup(db, user.id);
  return {
    isAdmin: user.isAdmin,
    email: user.email,
    totpEnabled: account?.totpEnabled ?? false,
    recoveryCodesLeft: account?.recoveryCodesLeft ?? 0,
    setup: setup ? { secret: setup.secret, qr: await qrCodeDataUrl(setup.uri) } : null,
  };
}

type Intent = "start" | "cancel" | "confirm" | "disable" | "regenerate" | "password";

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireUser(request, context, url);
  const app = getApp(context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "") as Intent;
  const ok = (message: string, extra: { recoveryCodes?: string[] } = {}) => ({
    intent,
    result: undefined,
    recoveryCodes: extra.recoveryCodes ?? null,
    toast: { title: message, variant: "success" } as ToastMessage,
  });

  if (intent === "start") {
    await startTotpEnrolment(app.db, user.id);
    return { intent, result: undefined, recoveryCodes: null, toast: null };
  }
  if (intent === "cancel") {
    await cancelTotpEnrolment(app.db, user.id);
    return { intent, result: undefined, recoveryCodes: null, toast: null };
  }
  if (intent === "password") {
    const submission = parseWithZod(formData, { schema: passwordSchema });
    const hidden = ["currentPassword", "password", "confirmPassword"];
    if (submission.status !== "success")
      return data(
        { intent, result: submission.reply({ hideFields: hidden }), recoveryCodes: null, toast: null },
        { status: 400 },
      );
    const auth = await getAuth(request, context);
    const r = await changePassword(app.db, app.config, {
      userId: user.id,
      currentPassword: submission.value.currentPassword,
      newPassword: submission.value.password,
      sessionToken: auth.token ?? "",
    });
    if (r.status === "wrong-password") {
      return data(
        {
          intent,
          result: submission.reply({
            fieldErrors: { currentPassword: ["Your current password is not correct"] },
            hideFields: hidden,
          }),
          recoveryCodes: null,
          toast: null,
        },
        { status: 400 },
      );
    }
    if (r.status === "rate-limited") {
      return data(
        {
          intent,
          result: submission.reply({
            formErrors: [LIMIT_MESSAGES.currentPassword(retryIn(r.retryAt))],
            hideFields: hidden,
          }),
          recoveryCodes: null,
          toast: null,
        },
        { status: 429, headers: { "Retry-After": retryAfterSeconds(r.retryAt) } },
      );
    }
    if (r.status === "weak-password") {
      return data(
        {
          intent,
          result: submission.reply({ formErrors: [MESSAGES.passwordTooShort], hideFields: hidden }),
          recoveryCodes: null,
          toast: null,
        },
        { status: 400 },
      );
    }
    return { ...ok("Password changed", {}), result: submission.reply({ resetForm: true }) };
  }
  if (intent === "confirm" || intent === "disable" || intent === "regenerate") {
    const submission = parseWithZod(formData, { schema: codeSchema });
    if (submission.status !== "success")
      return data(
        { intent, result: submission.reply({ hideFields: ["code"] }), recoveryCodes: null, toast: null },
        { status: 400 },
      );
    const code = submission.value.code;
    const sessionToken = (await getAuth(request, context)).token;
    const limited = (retryAt: Date) =>
      data(
        {
          intent,
          result: submission.reply({
            formErrors: [LIMIT_MESSAGES.accountCode(retryIn(retryAt))],
            hideFields: ["code"],
          }),
          recoveryCodes: null,
          toast: null,
        },
        { status: 429, headers: { "Retry-After": retryAfterSeconds(retryAt) } },
      );
    const invalid = () =>
      data(
        {
          intent,
          result: submission.reply({
            fieldErrors: { code: ["That code is not valid. Please try again."] },
            hideFields: ["code"],
          }),
          recoveryCodes: null,
          toast: null,
        },
        { status: 400 },
      );
    if (intent === "confirm") {
      const r = await confirmTotpEnrolment(app.db, app.config, { userId: user.id, code });
      if (r.status !== "enabled") return invalid();
      return ok("Two-factor authentication is on", { recoveryCodes: r.recoveryCodes });
    }
    if (intent === "disable") {
      const r = await disableTotp(app.db, app.config, { userId: user.id, code, sessionToken });
      if (r.status === "rate-limited") return limited(r.retryAt);
      if (r.status !== "disabled") return invalid();
      return ok("Two-factor authentication is off");
    }
    const r = await regenerateRecoveryCodes(app.db, { userId: user.id, code, sessionToken });
    if (r.status === "rate-limited") return limited(r.retryAt);
    if (r.status !== "ok") return invalid();
    return ok("New recovery codes created", { recoveryCodes: r.recoveryCodes });
  }
  return data({ intent, result: undefined, recoveryCodes: null, toast: null }, { status: 400 });
}

function CodeForm({
  intent,
  label,
  submit,
  lastResult,
  variant = "primary",
}: {
  intent: Intent;
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

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnce(actionData?.toast);
  const navigation = useNavigation();
  const lastFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  const [pwForm, pwFields] = useForm({
    id: "change-password",
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    lastResult: lastFor("password") as any,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: passwordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const codes = actionData?.recoveryCodes;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Account security</h1>
      <p className="mt-1 text-slate-600">
        Signed in as <strong>{loaderData.email}</strong>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {loaderData.isAdmin ? (
          <Button asChild variant="outline" size="sm">
            <Link to="/admin">Admin Dashboard</Link>
          </Button>
        ) : null}
        <Button asChild variant="outline" size="sm">
          <Link to="/company">Company Dashboard</Link>
        </Button>
      </div>

      {codes ? (
        <Alert tone="warning" title="Save your recovery codes" className="mt-6">
          <p>
            Each code signs you in once if you lose your authenticator app. They are shown only now: store
            them somewhere safe.
          </p>
          <ul
            aria-label="Recovery codes"
            className="mt-3 grid grid-cols-2 gap-2 font-mono text-base sm:grid-cols-5"
          >
            {codes.map((c) => (
              <li key={c} className="rounded bg-white px-2 py-1 text-center text-slate-900">
                {c}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <Card className="mt-6">
        <CardHeader className="flex items-center justify-between gap-3">
          <CardTitle>Two-factor authentication</CardTitle>
          {loaderData.totpEnabled ? <Badge tone="green">On</Badge> : <Badge tone="amber">Off</Badge>}
        </CardHeader>
        <CardContent className="space-y-4">
          {loaderData.totpEnabled ? (
            <>
              <p className="text-sm text-slate-700">
                Signing in needs a code from your authenticator app. Recovery codes left:{" "}
                <strong>{loaderData.recoveryCodesLeft}</strong>.
              </p>
              <div className="grid gap-6 md:grid-cols-2">
                <div>
                  <h3 className="mb-2 font-semibold">New recovery codes</h3>
                  <CodeForm
                    intent="regenerate"
                    label="Current code from your app"
                    submit="Create new recovery codes"
                    lastResult={lastFor("regenerate")}
                    variant="outline"
                  />
                </div>
                <div>
                  <h3 className="mb-2 flex items-center gap-2 font-semibold">
                    <ShieldOff aria-hidden className="h-4 w-4" /> Turn off two-factor
                  </h3>
                  <CodeForm
                    intent="disable"
                    label="Current code or a recovery code"
                    submit="Turn off two-factor"
                    lastResult={lastFor("disable")}
                    variant="danger"
                  />
                </div>
              </div>
            </>
          ) : loaderData.setup ? (
            <div className="grid gap-6 md:grid-cols-[220px_1fr]">
              <img
                src={loaderData.setup.qr}
                alt="QR code to add this account to your authenticator app"
                width={220}
                height={220}
                className="rounded border border-slate-200"
              />
              <div className="space-y-4">
                <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
                  <li>
                    Scan the QR code with an authenticator app (Google Authenticator, Microsoft Authenticator,
                    1Password...).
                  </li>
                  <li>Or enter this key by hand:</li>
                </ol>
                <p>
                  <code
                    data-testid="totp-secret"
                    className="block rounded bg-slate-100 px-3 py-2 font-mono text-sm tracking-wider break-all"
                  >
                    {loaderData.setup.secret}
                  </code>
                </p>
                <CodeForm
                  intent="confirm"
                  label="6-digit code from the app"
                  submit="Turn on two-factor"
                  lastResult={lastFor("confirm")}
                />
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <Button type="submit" variant="ghost" size="sm">
                    Cancel setup
                  </Button>
                </Form>
              </div>
            </div>
          ) : (
            <>
              {loaderData.isAdmin ? (
                <Alert tone="warning" title="Administrators should use two-factor authentication">
                  It keeps the admin area safe even if your password is stolen.
                </Alert>
              ) : null}
              <p className="text-sm text-slate-700">
                Add a second step to signing in: a code from an authenticator app on your phone.
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="start" />
                <Button type="submit" disabled={navigation.state !== "idle"}>
                  <ShieldCheck aria-hidden className="h-4 w-4" /> Set up two-factor authentication
                </Button>
              </Form>
            </>
          )}
        </CardContent>
      </Card>

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
    </main>
  );
}
