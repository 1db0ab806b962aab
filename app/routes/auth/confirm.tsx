import { Link } from "react-router";
import { MailX } from "lucide-react";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import { confirmEmail } from "~/modules/accounts/confirm-email.server";
import { getApp } from "~/web/context";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/confirm";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Confirm your email", noindex: true });
}

// The confirmation link's target: confirms and sends the person to sign in.
export async function loader({ context, url }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const result = await confirmEmail(db, url.searchParams.get("token"));
  if (result.status === "confirmed") {
    throw await redirectWithToast(context, "/login", {
      title: "Email confirmed",
      description: "Your email address is confirmed. You can now sign in.",
      variant: "success",
    });
  }
  return { ok: false };
}

export default function Confirm() {
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
