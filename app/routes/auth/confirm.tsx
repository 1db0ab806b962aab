import { Form, Link } from "react-router";
import { MailCheck, MailX } from "lucide-react";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { confirmEmail } from "~/modules/accounts/confirm-email.server";
import { peekToken } from "~/modules/accounts/tokens.server";
import { SITE_NAME } from "~/platform/brand";
import { getApp } from "~/web/context";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/confirm";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Confirm your email", noindex: true });
}

/**
 * The confirmation link's target. Opening it only checks the link (mail scanners open every link
 * in a message, decision 0251); the person confirms with the button, and the form's POST uses
 * the link up.
 */
export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const token = url.searchParams.get("token");
  const live = await peekToken(db, token, ["confirm_email"]);
  return live ? { live: true as const, token: token!, email: live.email } : { live: false as const };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { db } = getApp(context);
  const token = (await request.formData()).get("token");
  const result = await confirmEmail(db, typeof token === "string" ? token : null);
  if (result.status === "confirmed") {
    throw await redirectWithToast(context, "/login", {
      title: "Email confirmed",
      description: "Your email address is confirmed. You can now sign in.",
      variant: "success",
    });
  }
  return { live: false as const };
}

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.live && !actionData) {
    return (
      <AuthCard title="Confirm your email" icon={<MailCheck className="h-6 w-6" />}>
        <p className="text-center text-slate-700">
          Confirm that <strong className="break-all">{loaderData.email}</strong> is your email address.
        </p>
        <p className="mt-2 text-center text-sm text-slate-600">
          If you did not create an account or claim a listing on {SITE_NAME}, do not confirm: ignore the
          email, and nothing happens.
        </p>
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" className="w-full">
            Confirm my email
          </Button>
        </Form>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Link expired or already used" icon={<MailX className="h-6 w-6" />}>
      <p className="text-center text-sm text-slate-700">
        This confirmation link is not valid any more. Sign in with your email and password and we will send
        you a new one.
      </p>
      <Button asChild className="mt-6 w-full">
        <Link to="/login">Go to Login</Link>
      </Button>
    </AuthCard>
  );
}
