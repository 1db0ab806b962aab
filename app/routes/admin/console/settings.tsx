/**
 * /admin/settings: the configured register source and schedule, the e-mail transport with a
 * 'Send test e-mail' button (queued through the outbox), and the administrators' e-mail list.
 */
import { Mail, RotateCw, Send, ShieldCheck, Trash2, UserPlus } from "lucide-react";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { z } from "zod";
import { AdminPage } from "~/components/admin/admin-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, Input } from "~/components/ui/form";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import {
  AdminEmailError,
  addAdminEmail,
  listAdminEmails,
  normaliseAdminEmail,
  removeAdminEmail,
  resendAdminInvitation,
  type AdminEmailRow,
} from "~/modules/admin/admin-emails.server";
import { getAdminSettings, sendTestEmail } from "~/modules/admin/settings.server";
import { getApp } from "~/web/context";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/settings";
import { formatDate, formatDateTime } from "~/platform/dates";
import { adminMeta } from "~/web/meta";

export function meta() {
  return adminMeta("Admin Settings");
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, url);
  const app = getApp(context);
  const [settings, admins] = await Promise.all([
    getAdminSettings(app.db, app.config),
    listAdminEmails(app.db),
  ]);
  return { settings, admins, me: normaliseAdminEmail(admin.email), totpEnabled: admin.totpEnabled };
}

const addSchema = z.object({
  email: z
    .string({ error: "Enter an e-mail address" })
    .trim()
    .toLowerCase()
    .max(254, "Enter a valid e-mail address")
    .email("Enter a valid e-mail address"),
});

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const app = getApp(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "test-email") {
    try {
      await sendTestEmail(app.db, admin.email, app.config.publicUrl);
      return redirectWithToast(context, "/admin/settings", {
        title: "Test e-mail queued",
        description: `A test message to ${admin.email} is in the outbox and will be sent in a moment.`,
        variant: "success",
      });
    } catch (error) {
      app.log.error({ err: error }, "test e-mail failed");
      return redirectWithToast(context, "/admin/settings", {
        title: "Failed to queue the test e-mail",
        variant: "destructive",
      });
    }
  }
  if (intent === "add-admin") {
    const parsed = addSchema.safeParse({ email: form.get("email") ?? undefined });
    if (!parsed.success) {
      return data(
        {
          field: "email",
          error: parsed.error.issues[0]?.message ?? "Enter a valid e-mail address",
          value: String(form.get("email") ?? ""),
          toast: null,
        },
        { status: 400 },
      );
    }
    const result = await addAdminEmail(app.db, app.config, { email: parsed.data.email, actor: admin });
    return redirectWithToast(
      context,
      "/admin/settings",
      result.status === "invited"
        ? {
            title: "Administrator added",
            description: `We e-mailed ${result.email} an invitation to set a password. The link works until ${formatDate(result.expiresAt.toISOString(), "short")}.`,
            variant: "success",
          }
        : result.status === "notified"
          ? {
              title: "Administrator added",
              description: `${result.email} already has an account: we e-mailed them that they are now an administrator.`,
              variant: "success",
            }
          : { title: "Already an administrator", description: result.email },
    );
  }
  if (intent === "resend-invite") {
    try {
      const r = await resendAdminInvitation(app.db, app.config, {
        email: String(form.get("email") ?? ""),
        actor: admin,
      });
      return redirectWithToast(context, "/admin/settings", {
        title: "Invitation sent again",
        description: `We e-mailed ${r.email} a new link to set a password (earlier links no longer work). It works until ${formatDate(r.expiresAt.toISOString(), "short")}.`,
        variant: "success",
      });
    } catch (error) {
      if (error instanceof AdminEmailError) {
        const toast: ToastMessage = {
          title: "Could not send the invitation",
          description: error.message,
          variant: "destructive",
        };
        return data({ field: null, error: error.message, value: "", toast }, { status: 400 });
      }
      throw error;
    }
  }
  if (intent === "remove-admin") {
    try {
      await removeAdminEmail(app.db, String(form.get("email") ?? ""), admin);
      return redirectWithToast(context, "/admin/settings", {
        title: "Administrator removed",
        description: String(form.get("email")),
        variant: "success",
      });
    } catch (error) {
      if (error instanceof AdminEmailError) {
        return redirectWithToast(context, "/admin/settings", {
          title: "Could not remove administrator",
          description: error.message,
          variant: "destructive",
        });
      }
      throw error;
    }
  }
  return data({ field: null, error: "Unknown action", value: "", toast: null }, { status: 400 });
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { settings, admins, me, totpEnabled } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  useToastOnce(actionData?.toast);
  const e = settings.email;
  return (
    <AdminPage
      title="Admin Settings"
      description="How the directory gets its data and sends e-mail, and who can administer it."
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Register source</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-3 text-sm">
              <div>
                <dt className="font-medium text-slate-600">Configured source (REGISTER_SOURCE)</dt>
                <dd className="mt-0.5 font-mono break-all text-slate-900" data-testid="register-source">
                  {settings.registerSource ?? "Not configured"}
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-600">Daily sync (SYNC_DAILY_AT, UTC)</dt>
                <dd className="mt-0.5 text-slate-900">{settings.dailyAt ?? "Off"}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-600">
                  A running sync with no progress is marked as failed after
                </dt>
                <dd className="mt-0.5 text-slate-900">
                  {settings.staleAfterMinutes} minutes (SYNC_STALE_AFTER_MINUTES)
                </dd>
              </div>
            </dl>
            <p className="mt-4 text-sm">
              <Link to="/admin/data-management" className="font-semibold text-brand-700 underline">
                Go to Data Management
              </Link>
            </p>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>E-mail</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="space-y-3 text-sm">
              <div>
                <dt className="font-medium text-slate-600">Transport</dt>
                <dd
                  className="mt-0.5 flex flex-wrap items-center gap-2 text-slate-900"
                  data-testid="email-transport"
                >
                  {e.transport === "smtp" ? (
                    <Badge tone="green">SMTP</Badge>
                  ) : (
                    <Badge tone="amber">Outbox folder (not delivered)</Badge>
                  )}
                  <span className="font-mono break-all">{e.target}</span>
                </dd>
              </div>
              <div>
                <dt className="font-medium text-slate-600">From</dt>
                <dd className="mt-0.5 break-all text-slate-900">{e.from}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-600">Outbox</dt>
                <dd className="mt-0.5 text-slate-900">
                  {e.queued} waiting, {e.failed} failed
                  {e.lastSentAt ? `; last sent ${formatDateTime(e.lastSentAt, "short")}` : ""}
                </dd>
              </div>
              {e.lastError ? (
                <div>
                  <dt className="font-medium text-slate-600">Last error</dt>
                  <dd className="mt-0.5 break-all text-red-800">{e.lastError}</dd>
                </div>
              ) : null}
            </dl>
            <Form method="post" className="mt-4">
              <input type="hidden" name="intent" value="test-email" />
              <Button type="submit" variant="outline" disabled={busy("test-email")}>
                <Send aria-hidden className="h-4 w-4" /> Send test e-mail
              </Button>
              <p className="mt-1 text-xs text-slate-600">Sent to your own address ({me}).</p>
            </Form>
          </CardContent>
        </Card>

        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Administrators</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="divide-y divide-slate-100" aria-label="Administrator e-mail addresses">
              {admins.map((a) => (
                <li
                  key={a.email}
                  className="flex flex-wrap items-center justify-between gap-3 py-3"
                  data-testid="admin-email"
                >
                  <div className="min-w-0">
                    <p className="flex flex-wrap items-center gap-2 font-medium break-all text-slate-900">
                      <Mail aria-hidden className="h-4 w-4 text-slate-500" />
                      {a.email}
                      {a.email === me ? <Badge tone="blue">You</Badge> : null}
                      {a.state === "invited" ? (
                        <Badge tone="amber">Invited</Badge>
                      ) : a.state === "no-account" ? (
                        <Badge tone="slate">No account yet</Badge>
                      ) : null}
                    </p>
                    <p className="text-xs text-slate-600">
                      Added {formatDateTime(a.createdAt, "short")}
                      <InvitationNote admin={a} />
                    </p>
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    {a.state !== "active" ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="resend-invite" />
                        <input type="hidden" name="email" value={a.email} />
                        <Button
                          type="submit"
                          size="sm"
                          variant="outline"
                          aria-label={`Resend invitation to ${a.email}`}
                          disabled={busy("resend-invite")}
                        >
                          <RotateCw aria-hidden className="h-4 w-4" />{" "}
                          {a.invitation ? "Resend invitation" : "Send invitation"}
                        </Button>
                      </Form>
                    ) : null}
                    {a.email !== me && admins.length > 1 ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="remove-admin" />
                        <input type="hidden" name="email" value={a.email} />
                        <Button type="submit" size="sm" variant="outline" aria-label={`Remove ${a.email}`}>
                          <Trash2 aria-hidden className="h-4 w-4" /> Remove
                        </Button>
                      </Form>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
            {/* Keyed by the list, so the field is emptied once an address has been added. */}
            <Form
              method="post"
              className="mt-4 flex flex-wrap items-end gap-3"
              noValidate
              key={admins.map((a) => a.email).join(",")}
            >
              <input type="hidden" name="intent" value="add-admin" />
              <Field
                label="Add an administrator by e-mail"
                errors={actionData?.field === "email" ? actionData.error : null}
                className="min-w-64 flex-1"
              >
                {(props) => (
                  <Input
                    {...props}
                    name="email"
                    type="email"
                    autoComplete="off"
                    defaultValue={actionData?.value ?? ""}
                  />
                )}
              </Field>
              <Button type="submit" disabled={busy("add-admin")}>
                <UserPlus aria-hidden className="h-4 w-4" /> Add administrator
              </Button>
            </Form>
            <p className="mt-2 text-xs text-slate-600">
              We e-mail them: an invitation to set a password if they have no account yet (the link works for
              7 days, and you can send it again), or a note that they are now an administrator. You cannot
              remove yourself or the last administrator.
            </p>
          </CardContent>
        </Card>

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
      </div>
    </AdminPage>
  );
}

/** ' · Invitation sent 3 Dec, link works until 10 Dec' (or that it expired, or was never sent). */
function InvitationNote({ admin }: { admin: AdminEmailRow }) {
  if (admin.state === "active") return null;
  const inv = admin.invitation;
  if (!inv) return <> · No invitation sent yet</>;
  return (
    <>
      {" "}
      · Invitation sent {formatDateTime(inv.sentAt, "short")}
      {inv.usable
        ? `, link works until ${formatDate(inv.expiresAt, "short")}`
        : ", link expired or replaced: send a new one"}
    </>
  );
}
