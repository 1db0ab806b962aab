/**
 * The Two-factor authentication card in its three states: on (new recovery codes, turn it off),
 * being set up (QR code, key, confirm with the password and a code; shown only in the answer to
 * "Set up", decision 0262) and off (set it up).
 */
import { ShieldCheck, ShieldOff } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { CodeForm } from "./code-form";
import { ConfirmSetupForm } from "./confirm-setup-form";
import type { SecurityIntent } from "./schemas";

type LastFor = (intent: SecurityIntent) => unknown;

function TwoFactorOn({ recoveryCodesLeft, lastFor }: { recoveryCodesLeft: number; lastFor: LastFor }) {
  return (
    <>
      <p className="text-sm text-slate-700">
        Signing in needs a code from your authenticator app. Recovery codes left:{" "}
        <strong>{recoveryCodesLeft}</strong>.
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
  );
}

function TwoFactorSetup({ setup, lastFor }: { setup: { secret: string; qr: string }; lastFor: LastFor }) {
  return (
    <div className="grid gap-6 md:grid-cols-[220px_1fr]">
      <img
        src={setup.qr}
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
            {setup.secret}
          </code>
        </p>
        <ConfirmSetupForm setupKey={setup.secret} lastResult={lastFor("confirm")} />
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" variant="ghost" size="sm">
            Cancel setup
          </Button>
        </Form>
      </div>
    </div>
  );
}

function TwoFactorOff({ isAdmin, notice }: { isAdmin: boolean; notice: string | null }) {
  const navigation = useNavigation();
  return (
    <>
      {notice ? (
        <Alert tone="warning" title="Two-factor authentication is still off">
          {notice}
        </Alert>
      ) : null}
      {isAdmin ? (
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
  );
}

export function TwoFactorCard({
  isAdmin,
  totpEnabled,
  recoveryCodesLeft,
  setup,
  notice,
  lastFor,
}: {
  isAdmin: boolean;
  totpEnabled: boolean;
  recoveryCodesLeft: number;
  /** The set-up just started (or sent back after a mistake): the action's answer, never the loader's. */
  setup: { secret: string; qr: string } | null;
  /** Why a set-up is no longer on screen (it was cancelled or replaced meanwhile). */
  notice?: string | null;
  lastFor: LastFor;
}) {
  return (
    <Card className="mt-6">
      <CardHeader className="flex items-center justify-between gap-3">
        <CardTitle>Two-factor authentication</CardTitle>
        {totpEnabled ? <Badge tone="green">On</Badge> : <Badge tone="amber">Off</Badge>}
      </CardHeader>
      <CardContent className="space-y-4">
        {totpEnabled ? (
          <TwoFactorOn recoveryCodesLeft={recoveryCodesLeft} lastFor={lastFor} />
        ) : setup ? (
          <TwoFactorSetup setup={setup} lastFor={lastFor} />
        ) : (
          <TwoFactorOff isAdmin={isAdmin} notice={notice ?? null} />
        )}
      </CardContent>
    </Card>
  );
}
