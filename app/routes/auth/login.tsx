import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { LogIn } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import * as z from "zod/mini";
import { AuthCard } from "~/components/auth/auth-card";
import { EmailFormField, FormError, FormField, RedirectToField } from "~/components/auth/form-field";
import { emailSchema } from "~/components/auth/schemas";
import { useAuthForm } from "~/components/auth/use-auth-form";
import { LIMIT_MESSAGES, MESSAGES, retryIn, UNCONFIRMED_MESSAGES } from "~/components/auth/messages";
import { Button } from "~/components/ui/button";
import { landingPath, safeRedirect } from "~/modules/accounts/safe-redirect";
import { signIn } from "~/modules/accounts/sign-in.server";
import { signOut } from "~/modules/accounts/sign-out.server";
import { getApp } from "~/web/context";
import { PENDING_SESSION_TTL_MS } from "~/platform/session.server";
import { serializeSessionCookie } from "~/web/session-cookie.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/login";
import { invalidSubmission, refusal, waitRefusal } from "./refusal.server";
import { getAuth } from "~/web/guards.server";
import { pageMeta } from "~/web/meta";

const schema = z.object({
  email: emailSchema,
  password: z.string({ error: "Please enter your password" }).check(z.maxLength(256)),
  redirectTo: z.optional(z.string().check(z.maxLength(2000))),
});

export function meta() {
  return pageMeta({ title: "Login", noindex: true });
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const { user } = await getAuth(request, context);
  if (user) throw redirect(landingPath(user.isAdmin, redirectTo));
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return invalidSubmission(submission, ["password"]);
  const { email, password } = submission.value;
  const redirectTo = safeRedirect(submission.value.redirectTo);
  const fail = (message: string, status: number, headers?: HeadersInit) =>
    data(refusal(submission, message, MESSAGES.loginFailedToast, ["password"]), { status, headers });
  try {
    const result = await signIn(app.db, app.config, {
      email,
      password,
      ip: app.clientIp,
      userAgent: request.headers.get("user-agent"),
    });
    switch (result.status) {
      case "ok":
      case "second-factor": {
        // A session that was already in this browser is ended: no fixation, no mixed identities.
        const previous = (await getAuth(request, context)).token;
        if (previous) await signOut(app.db, previous);
        const headers = new Headers();
        if (result.status === "second-factor") {
          headers.append(
            "Set-Cookie",
            await serializeSessionCookie(app.config, result.token, PENDING_SESSION_TTL_MS),
          );
          const q = redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : "";
          return redirect(`/login/two-factor${q}`, { headers });
        }
        headers.append("Set-Cookie", await serializeSessionCookie(app.config, result.token));
        return redirectWithToast(
          context,
          landingPath(result.user.isAdmin, redirectTo),
          { title: MESSAGES.loginSuccessToast, variant: "success" },
          { headers },
        );
      }
      case "invalid-credentials":
        return fail(MESSAGES.invalidCredentials, 400);
      case "unconfirmed":
        return fail(
          result.newLink
            ? UNCONFIRMED_MESSAGES.newLink
            : UNCONFIRMED_MESSAGES.earlierLinkStands(retryIn(result.retryAt)),
          403,
        );
      case "rate-limited": {
        const wait = waitRefusal(result, {
          account: LIMIT_MESSAGES.signInSlowed,
          here: LIMIT_MESSAGES.signInFromHere,
        });
        return fail(wait.message, 429, wait.headers);
      }
    }
  } catch (error) {
    app.log.error({ err: error }, "sign-in failed");
    return fail(MESSAGES.unexpected, 500);
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [form, fields] = useAuthForm(schema, actionData, { shouldRevalidate: "onInput" });
  const busy = navigation.state !== "idle" && navigation.formAction === "/login";
  return (
    <AuthCard
      title="Sign In"
      description="Sign in to your business or administrator account."
      icon={<LogIn className="h-6 w-6" />}
      footer={MESSAGES.footerNote}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormError id={form.errorId} errors={form.errors} />
        <RedirectToField value={loaderData.redirectTo} />
        <EmailFormField meta={fields.email} />
        <FormField label="Password" meta={fields.password} type="password" autoComplete="current-password" />
        <div className="flex justify-end">
          <Link
            to="/request-reset"
            className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Forgot your password?
          </Link>
        </div>
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? "Signing in..." : "Sign In"}
        </Button>
      </Form>
    </AuthCard>
  );
}
