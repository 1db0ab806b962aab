/**
 * /admin/settings: the configured register source and schedule, the e-mail transport with a
 * 'Send test e-mail' button (queued through the outbox), the administrators' e-mail list, and
 * which events the signed-in admin is e-mailed about (decision 0803).
 */
import { data, useActionData, useNavigation } from "react-router";
import * as z from "zod/mini";
import { AdminPage } from "~/components/admin/admin-page";
import { AdministratorsCard } from "~/components/admin/settings/administrators-card";
import { NotificationsCard } from "~/components/admin/settings/notifications-card";
import { EmailCard, RegisterSourceCard, TwoFactorCard } from "~/components/admin/settings/settings-cards";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import {
  AdminEmailError,
  addAdminEmail,
  listAdminEmails,
  removeAdminEmail,
  resendAdminInvitation,
  type AddAdminResult,
} from "~/modules/admin/admin-emails.server";
import { getAdminSettings, sendTestEmail } from "~/modules/admin/settings.server";
import {
  getNotificationSettings,
  saveNotificationSettings,
} from "~/modules/admin-notifications/notification-settings.server";
import { EMAIL_ADDRESS, normaliseEmail } from "~/platform/email-address";
import { getApp } from "~/web/context";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/settings";
import { formatDate } from "~/platform/dates";
import { adminMeta } from "~/web/meta";

export function meta() {
  return adminMeta("Admin Settings");
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, url);
  const app = getApp(context);
  const [settings, admins, notifications] = await Promise.all([
    getAdminSettings(app.db, app.config),
    listAdminEmails(app.db),
    getNotificationSettings(app.db, admin.email),
  ]);
  return { settings, admins, notifications, me: normaliseEmail(admin.email), totpEnabled: admin.totpEnabled };
}

const addSchema = z.object({
  email: z
    .string({ error: "Enter an e-mail address" })
    .check(
      z.trim(),
      z.toLowerCase(),
      z.maxLength(254, "Enter a valid e-mail address"),
      z.regex(EMAIL_ADDRESS, "Enter a valid e-mail address"),
    ),
});

/** What each intent's handler is given: the services, the admin and the form. */
interface IntentArgs {
  app: ReturnType<typeof getApp>;
  context: Route.ActionArgs["context"];
  admin: Awaited<ReturnType<typeof requireAdmin>>;
  form: FormData;
}

const BACK = "/admin/settings";

/** intent=test-email: a test message to the signed-in admin, through the outbox. */
async function testEmail({ app, context, admin }: IntentArgs) {
  try {
    await sendTestEmail(app.db, admin.email, app.config.publicUrl);
    return redirectWithToast(context, BACK, {
      title: "Test e-mail queued",
      description: `A test message to ${admin.email} is in the outbox and will be sent in a moment.`,
      variant: "success",
    });
  } catch (error) {
    app.log.error({ err: error }, "test e-mail failed");
    return redirectWithToast(context, BACK, {
      title: "Failed to queue the test e-mail",
      variant: "destructive",
    });
  }
}

/** intent=add-admin: adds the address, then invites or notifies it. */
async function addAdmin({ app, context, admin, form }: IntentArgs) {
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
  return redirectWithToast(context, BACK, addedToast(result));
}

function addedToast(result: AddAdminResult): ToastMessage {
  switch (result.status) {
    case "invited":
      return {
        title: "Administrator added",
        description: `We e-mailed ${result.email} an invitation to set a password. The link works until ${formatDate(result.expiresAt.toISOString(), "short")}.`,
        variant: "success",
      };
    case "notified":
      return {
        title: "Administrator added",
        description: `${result.email} already has an account: we e-mailed them that they are now an administrator.`,
        variant: "success",
      };
    default:
      return { title: "Already an administrator", description: result.email };
  }
}

/** intent=resend-invite: a new set-password link (earlier ones stop working). */
async function resendInvite({ app, context, admin, form }: IntentArgs) {
  try {
    const r = await resendAdminInvitation(app.db, app.config, {
      email: String(form.get("email") ?? ""),
      actor: admin,
    });
    return redirectWithToast(context, BACK, {
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

/** intent=remove-admin: never yourself, never the last one (the module refuses). */
async function removeAdmin({ app, context, admin, form }: IntentArgs) {
  try {
    await removeAdminEmail(app.db, String(form.get("email") ?? ""), admin);
    return redirectWithToast(context, BACK, {
      title: "Administrator removed",
      description: String(form.get("email")),
      variant: "success",
    });
  } catch (error) {
    if (error instanceof AdminEmailError) {
      return redirectWithToast(context, BACK, {
        title: "Could not remove administrator",
        description: error.message,
        variant: "destructive",
      });
    }
    throw error;
  }
}

/** intent=notifications: the signed-in admin's own e-mail choices (a box left unticked is off). */
async function saveNotifications({ app, context, admin, form }: IntentArgs) {
  const saved = await saveNotificationSettings(app.db, admin.email, {
    claims: form.get("claims") === "on",
    reports: form.get("reports") === "on",
    messages: form.get("messages") === "on",
  });
  return redirectWithToast(
    context,
    BACK,
    saved
      ? { title: "Notification settings saved", variant: "success" }
      : {
          title: "Could not save the notification settings",
          description: "Your address is not on the administrators' list.",
          variant: "destructive",
        },
  );
}

const INTENTS = {
  notifications: saveNotifications,
  "test-email": testEmail,
  "add-admin": addAdmin,
  "resend-invite": resendInvite,
  "remove-admin": removeAdmin,
};

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (!Object.hasOwn(INTENTS, intent))
    return data({ field: null, error: "Unknown action", value: "", toast: null }, { status: 400 });
  return INTENTS[intent as keyof typeof INTENTS]({ app: getApp(context), context, admin, form });
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { settings, admins, notifications, me, totpEnabled } = loaderData;
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = (intent: string) =>
    navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  useToastOnce(actionData?.toast);
  return (
    <AdminPage
      title="Admin Settings"
      description="How the directory gets its data and sends e-mail, and who can administer it."
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <RegisterSourceCard settings={settings} />

        <EmailCard email={settings.email} me={me} sending={busy("test-email")} />

        <AdministratorsCard
          admins={admins}
          me={me}
          busy={busy}
          addError={actionData?.field === "email" ? actionData.error : null}
          addValue={actionData?.value ?? ""}
        />

        <NotificationsCard settings={notifications} me={me} saving={busy("notifications")} />

        <TwoFactorCard totpEnabled={totpEnabled} />
      </div>
    </AdminPage>
  );
}
