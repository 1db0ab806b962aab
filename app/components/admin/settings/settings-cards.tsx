/** The Admin Settings screen's small cards: the register source, e-mail, two-factor authentication. */
import { Send, ShieldCheck } from "lucide-react";
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { AdminSettingsView } from "~/modules/admin/settings.server";
import { formatDateTime } from "~/platform/dates";

/** One fact of a card: its name, then its value (in slate unless `className` says otherwise). */
function Fact({
  term,
  className = "text-slate-900",
  testId,
  children,
}: {
  term: string;
  className?: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <div>
      <dt className="font-medium text-slate-600">{term}</dt>
      <dd className={`mt-0.5 ${className}`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function RegisterSourceCard({ settings }: { settings: AdminSettingsView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Register source</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3 text-sm">
          <Fact
            term="Configured source (REGISTER_SOURCE)"
            className="font-mono break-all text-slate-900"
            testId="register-source"
          >
            {settings.registerSource ?? "Not configured"}
          </Fact>
          <Fact term="Daily sync (SYNC_DAILY_AT, UTC)">{settings.dailyAt ?? "Off"}</Fact>
          <Fact term="A running sync with no progress is marked as failed after">
            {settings.staleAfterMinutes} minutes (SYNC_STALE_AFTER_MINUTES)
          </Fact>
        </dl>
        <p className="mt-4 text-sm">
          <Link to="/admin/data-management" className="font-semibold text-brand-700 underline">
            Go to Data Management
          </Link>
        </p>
      </CardContent>
    </Card>
  );
}

/** The transport, sender and outbox, with 'Send test e-mail' (to the signed-in admin, `me`). */
export function EmailCard({
  email: e,
  me,
  sending,
}: {
  email: AdminSettingsView["email"];
  me: string;
  sending: boolean;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>E-mail</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="space-y-3 text-sm">
          <Fact
            term="Transport"
            className="flex flex-wrap items-center gap-2 text-slate-900"
            testId="email-transport"
          >
            {e.transport === "smtp" ? (
              <Badge tone="green">SMTP</Badge>
            ) : (
              <Badge tone="amber">Outbox folder (not delivered)</Badge>
            )}
            <span className="font-mono break-all">{e.target}</span>
          </Fact>
          <Fact term="From" className="break-all text-slate-900">
            {e.from}
          </Fact>
          <Fact term="Outbox">
            {e.queued} waiting, {e.failed} failed
            {e.lastSentAt ? `; last sent ${formatDateTime(e.lastSentAt, "short")}` : ""}
          </Fact>
          {e.lastError ? (
            <Fact term="Last error" className="break-all text-red-800">
              {e.lastError}
            </Fact>
          ) : null}
        </dl>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="test-email" />
          <Button type="submit" variant="outline" disabled={sending}>
            <Send aria-hidden className="h-4 w-4" /> Send test e-mail
          </Button>
          <p className="mt-1 text-xs text-slate-600">Sent to your own address ({me}).</p>
        </Form>
      </CardContent>
    </Card>
  );
}

export function TwoFactorCard({ totpEnabled }: { totpEnabled: boolean }) {
  return (
    <Card className="lg:col-span-2">
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-slate-800">
          <ShieldCheck aria-hidden className="h-5 w-5 text-brand-700" />
          Two-factor authentication for your account:{" "}
          {totpEnabled ? <Badge tone="green">On</Badge> : <Badge tone="amber">Off</Badge>}
        </p>
        <Link to="/account/security" className="text-sm font-semibold text-brand-700 underline">
          Account security
        </Link>
      </CardContent>
    </Card>
  );
}
