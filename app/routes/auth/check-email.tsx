import { MailCheck } from "lucide-react";
import { Link, useLocation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { Button } from "~/components/ui/button";
import type { Route } from "./+types/check-email";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Confirm your email", noindex: true });
}

// The e-mail comes in navigation state (client navigation) or, without JavaScript, as ?email=.
export function loader({ url }: Route.LoaderArgs) {
  const email = url.searchParams.get("email");
  return { email: email && email.length <= 254 && email.includes("@") ? email : null };
}

export default function CheckEmail({ loaderData }: Route.ComponentProps) {
  const state = useLocation().state as { email?: unknown } | null;
  const email = (typeof state?.email === "string" && state.email) || loaderData.email || "your email address";
  return (
    <AuthCard title="Confirm your email" icon={<MailCheck className="h-6 w-6" />}>
      <p className="text-center text-slate-700">
        We sent a confirmation link to <strong className="break-all">{email}</strong>.
      </p>
      <p className="mt-2 text-center text-sm text-slate-600">
        Click the link in the email to verify your address before your first login. The link expires in 1
        hour.
      </p>
      <Button asChild className="mt-6 w-full">
        <Link to="/login">Go to Login</Link>
      </Button>
    </AuthCard>
  );
}
