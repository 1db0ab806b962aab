import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { ShieldCheck } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import * as z from "zod/mini";
import { AuthCard } from "~/components/auth/auth-card";
import { FormError, FormField, RedirectToField } from "~/components/auth/form-field";
import { useAuthForm } from "~/components/auth/use-auth-form";
import { LIMIT_MESSAGES, MESSAGES } from "~/components/auth/messages";
import { Button } from "~/components/ui/button";
import { landingPath, safeRedirect } from "~/modules/accounts/safe-redirect";
import { verifySecondFactor } from "~/modules/accounts/verify-second-factor.server";
import { getApp } from "~/web/context";
import { clearSessionCookie, serializeSessionCookie } from "~/web/session-cookie.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/two-factor";
import { invalidSubmission, refusal, waitRefusal } from "./refusal.server";
import { getAuth } from "~/web/guards.server";
import { pageMeta } from "~/web/meta";

const schema = z.object({
  code: z
    .string({ error: "Please enter the code from your authenticator app" })
    .check(z.trim(), z.maxLength(20)),
  redirectTo: z.optional(z.string().check(z.maxLength(2000))),
});

export function meta() {
  return pageMeta({ title: "Two-factor authentication", noindex: true });
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const auth = await getAuth(request, context);
  if (auth.user) throw redirect(landingPath(auth.user.isAdmin, redirectTo));
  return { redirectTo, pending: auth.pendingSecondFactor };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return invalidSubmission(submission, ["code"]);
  const fail = (message: string, status: number, init?: HeadersInit) =>
    data(refusal(submission, message, MESSAGES.loginFailedToast, ["code"]), { status, headers: init });
  try {
    const auth = await getAuth(request, context);
    const result = await verifySecondFactor(app.db, app.config, {
      pendingToken: auth.pendingSecondFactor ? auth.token : null,
      code: submission.value.code,
      ip: app.clientIp,
      userAgent: request.headers.get("user-agent"),
    });
    switch (result.status) {
      case "ok": {
        const headers = new Headers({ "Set-Cookie": await serializeSessionCookie(app.config, result.token) });
        return redirectWithToast(
          context,
          landingPath(result.user.isAdmin, safeRedirect(submission.value.redirectTo)),
          {
            title: MESSAGES.loginSuccessToast,
            description: result.usedRecoveryCode
              ? "You used a recovery code: it will not work again."
              : undefined,
            variant: "success",
          },
          { headers },
        );
      }
      case "invalid-code":
        return fail("That code is not valid. Check your authenticator app and try again.", 400);
      case "rate-limited": {
        // This pending sign-in used its tries: it is over (sign in again).
        if (result.scope === "session")
          return fail(MESSAGES.tooManyAttempts, 429, { "Set-Cookie": await clearSessionCookie(app.config) });
        // Too many wrong codes lately for the account or from here: the sign-in waits, with a time.
        const wait = waitRefusal(result, {
          account: LIMIT_MESSAGES.codesForAccount,
          here: LIMIT_MESSAGES.codesFromHere,
        });
        return fail(wait.message, 429, wait.headers);
      }
      case "expired":
        // The password step timed out (or never happened): no user came out of this sign-in.
        return fail(MESSAGES.loginFailed, 401, { "Set-Cookie": await clearSessionCookie(app.config) });
    }
  } catch (error) {
    app.log.error({ err: error }, "second-factor check failed");
    return fail(MESSAGES.unexpected, 500);
  }
}

export default function TwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useAuthForm(schema, actionData);
  const busy = navigation.state !== "idle";
  const loginHref = loaderData.redirectTo
    ? `/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`
    : "/login";
  return (
    <AuthCard
      title="Two-factor authentication"
      description="Enter the 6-digit code from your authenticator app, or one of your recovery codes."
      icon={<ShieldCheck className="h-6 w-6" />}
      footer={
        <Link to={loginHref} className="font-medium text-brand-700 hover:underline">
          Back to login
        </Link>
      }
    >
      {!loaderData.pending && !actionData ? (
        <FormError errors={["Your sign-in has expired. Please sign in again."]} />
      ) : null}
      <Form method="post" {...getFormProps(form)} className="mt-2 space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        <RedirectToField value={loaderData.redirectTo} />
        <FormField
          label="Authentication code"
          meta={fields.code}
          type="text"
          inputMode="text"
          autoComplete="one-time-code"
          autoFocus
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Verifying..." : "Verify"}
        </Button>
      </Form>
    </AuthCard>
  );
}
