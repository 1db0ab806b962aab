import { ShieldAlert } from "lucide-react";
import { data, Form, Link } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { MESSAGES } from "~/components/auth/messages";
import { Button } from "~/components/ui/button";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Access Denied", noindex: true });
}

export function loader() {
  return data(null, { status: 403 });
}

export default function Unauthorized() {
  return (
    <AuthCard title={MESSAGES.accessDenied} icon={<ShieldAlert className="h-6 w-6" />}>
      <p className="text-center text-slate-700">{MESSAGES.accessRestricted}</p>
      <p className="mt-2 text-center text-sm text-slate-600">
        If you think you should have access, sign in with an administrator account.
      </p>
      <div className="mt-6 grid gap-3 sm:grid-cols-2">
        <Button asChild variant="outline">
          <Link to="/">Return to Home</Link>
        </Button>
        <Form method="post" action="/logout">
          <Button type="submit" className="w-full">
            Sign Out
          </Button>
        </Form>
      </div>
    </AuthCard>
  );
}
