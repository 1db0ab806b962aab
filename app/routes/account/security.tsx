/**
 * Account security for any signed-in user: two-factor enrolment (QR code + manual key, shown only in
 * the answer to "Set up" and, after a mistake, to whoever sends its key back; turned on with the
 * current password and a code, decision 0262), recovery codes (shown once), turning two-factor off
 * with a fresh code, and changing the password. Wrong current passwords and wrong codes are limited
 * per account (decision 0409).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";
import { PasswordCard } from "~/components/account/security/password-card";
import { RecoveryCodes } from "~/components/account/security/recovery-codes";
import {
  codeSchema,
  confirmSchema,
  passwordSchema,
  type SecurityIntent as Intent,
} from "~/components/account/security/schemas";
import { TwoFactorCard } from "~/components/account/security/two-factor-card";
import { LIMIT_MESSAGES, MESSAGES, retryAfterSeconds, retryIn } from "~/components/auth/messages";
import { Button } from "~/components/ui/button";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { changePassword } from "~/modules/accounts/change-password.server";
import { disableTotp } from "~/modules/accounts/disable-totp.server";
import {
  cancelTotpEnrolment,
  confirmTotpEnrolment,
  shownTotpSetup,
  startTotpEnrolment,
  type TotpSetup,
} from "~/modules/accounts/enrol-totp.server";
import { getAccount } from "~/modules/accounts/get-account.server";
import { qrCodeDataUrl } from "~/modules/accounts/qr-code.server";
import { regenerateRecoveryCodes } from "~/modules/accounts/regenerate-recovery-codes.server";
import { getApp } from "~/web/context";
import { getAuth, requireUser } from "~/web/guards.server";
import type { Route } from "./+types/security";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Account security", noindex: true });
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url);
  const { db } = getApp(context);
  const account = await getAccount(db, user.id);
  // No set-up in progress is shown here: one started in another request (another tab, or whoever
  // had this session before) must not be scanned or copied from this page (decision 0262).
  return {
    isAdmin: user.isAdmin,
    email: user.email,
    totpEnabled: account?.totpEnabled ?? false,
    recoveryCodesLeft: account?.recoveryCodesLeft ?? 0,
  };
}

type SetupView = { secret: string; qr: string };

const setupView = async (setup: TotpSetup | null): Promise<SetupView | null> =>
  setup ? { secret: setup.secret, qr: await qrCodeDataUrl(setup.uri) } : null;

/**
 * The action's answer: which form it is for, that form's result, new recovery codes, a toast, the
 * two-factor set-up to show (null: none) and why a set-up is gone.
 */
function answer(
  intent: Intent,
  result?: SubmissionResult<string[]>,
  extra: { recoveryCodes?: string[]; toast?: ToastMessage; setup?: SetupView | null; notice?: string } = {},
) {
  return {
    intent,
    result,
    recoveryCodes: extra.recoveryCodes ?? null,
    toast: extra.toast ?? null,
    setup: extra.setup ?? null,
    notice: extra.notice ?? null,
  };
}

const success = (title: string): ToastMessage => ({ title, variant: "success" });

interface IntentArgs {
  request: Request;
  context: Route.ActionArgs["context"];
  userId: string;
  formData: FormData;
}

async function changePasswordIntent({ request, context, userId, formData }: IntentArgs) {
  const app = getApp(context);
  const submission = parseWithZod(formData, { schema: passwordSchema });
  const hideFields = ["currentPassword", "password", "confirmPassword"];
  if (submission.status !== "success")
    return data(answer("password", submission.reply({ hideFields })), { status: 400 });
  const auth = await getAuth(request, context);
  const r = await changePassword(app.db, app.config, {
    userId,
    currentPassword: submission.value.currentPassword,
    newPassword: submission.value.password,
    sessionToken: auth.token ?? "",
  });
  if (r.status === "wrong-password") {
    const fieldErrors = { currentPassword: ["Your current password is not correct"] };
    return data(answer("password", submission.reply({ fieldErrors, hideFields })), { status: 400 });
  }
  if (r.status === "rate-limited") {
    const formErrors = [LIMIT_MESSAGES.currentPassword(retryIn(r.retryAt))];
    return data(answer("password", submission.reply({ formErrors, hideFields })), {
      status: 429,
      headers: { "Retry-After": retryAfterSeconds(r.retryAt) },
    });
  }
  if (r.status === "weak-password") {
    const formErrors = [MESSAGES.passwordTooShort];
    return data(answer("password", submission.reply({ formErrors, hideFields })), { status: 400 });
  }
  return answer("password", submission.reply({ resetForm: true }), { toast: success("Password changed") });
}

const SETUP_GONE =
  "That set-up was cancelled or replaced by a newer one (in another tab, perhaps). Please set up two-factor authentication again.";

/** Turning two-factor on: the set-up whose key the form sent back, the current password, a code. */
async function confirmIntent({ request, context, userId, formData }: IntentArgs) {
  const app = getApp(context);
  const submission = parseWithZod(formData, { schema: confirmSchema });
  const hideFields = ["currentPassword", "code"];
  const key = String(formData.get("key") ?? "");
  // The set-up goes on being shown only to whoever sends its key back: they were shown it.
  const setup = key ? await setupView(await shownTotpSetup(app.db, userId, key)) : null;
  if (!setup) return data(answer("confirm", undefined, { notice: SETUP_GONE }), { status: 409 });
  if (submission.status !== "success")
    return data(answer("confirm", submission.reply({ hideFields }), { setup }), { status: 400 });
  const r = await confirmTotpEnrolment(app.db, app.config, {
    userId,
    secret: submission.value.key,
    code: submission.value.code,
    currentPassword: submission.value.currentPassword,
    sessionToken: (await getAuth(request, context)).token ?? "",
  });
  switch (r.status) {
    case "enabled":
      return answer("confirm", undefined, {
        recoveryCodes: r.recoveryCodes,
        toast: success("Two-factor authentication is on"),
      });
    case "not-started":
      return data(answer("confirm", undefined, { notice: SETUP_GONE }), { status: 409 });
    case "wrong-password": {
      const fieldErrors = { currentPassword: ["Your current password is not correct"] };
      return data(answer("confirm", submission.reply({ fieldErrors, hideFields }), { setup }), {
        status: 400,
      });
    }
    case "rate-limited": {
      const formErrors = [LIMIT_MESSAGES.currentPassword(retryIn(r.retryAt))];
      return data(answer("confirm", submission.reply({ formErrors, hideFields }), { setup }), {
        status: 429,
        headers: { "Retry-After": retryAfterSeconds(r.retryAt) },
      });
    }
    case "invalid-code": {
      const fieldErrors = { code: ["That code is not valid. Please try again."] };
      return data(answer("confirm", submission.reply({ fieldErrors, hideFields }), { setup }), {
        status: 400,
      });
    }
  }
}

type CodeIntent = "disable" | "regenerate";
type CodeOutcome =
  | { status: "ok"; message: string; recoveryCodes?: string[] }
  | { status: "invalid" }
  | { status: "rate-limited"; retryAt: Date };

/** Does what a code form asks for, once the code has been read. */
async function applyCode(
  intent: CodeIntent,
  app: ReturnType<typeof getApp>,
  input: { userId: string; code: string; sessionToken: string | null },
): Promise<CodeOutcome> {
  if (intent === "disable") {
    const r = await disableTotp(app.db, app.config, input);
    if (r.status === "rate-limited") return r;
    if (r.status !== "disabled") return { status: "invalid" };
    return { status: "ok", message: "Two-factor authentication is off" };
  }
  const r = await regenerateRecoveryCodes(app.db, input);
  if (r.status === "rate-limited") return r;
  if (r.status !== "ok") return { status: "invalid" };
  return { status: "ok", message: "New recovery codes created", recoveryCodes: r.recoveryCodes };
}

async function codeIntent(intent: CodeIntent, { request, context, userId, formData }: IntentArgs) {
  const submission = parseWithZod(formData, { schema: codeSchema });
  const hideFields = ["code"];
  if (submission.status !== "success")
    return data(answer(intent, submission.reply({ hideFields })), { status: 400 });
  const sessionToken = (await getAuth(request, context)).token;
  const outcome = await applyCode(intent, getApp(context), {
    userId,
    code: submission.value.code,
    sessionToken,
  });
  if (outcome.status === "rate-limited") {
    const formErrors = [LIMIT_MESSAGES.accountCode(retryIn(outcome.retryAt))];
    return data(answer(intent, submission.reply({ formErrors, hideFields })), {
      status: 429,
      headers: { "Retry-After": retryAfterSeconds(outcome.retryAt) },
    });
  }
  if (outcome.status === "invalid") {
    const fieldErrors = { code: ["That code is not valid. Please try again."] };
    return data(answer(intent, submission.reply({ fieldErrors, hideFields })), { status: 400 });
  }
  return answer(intent, undefined, { recoveryCodes: outcome.recoveryCodes, toast: success(outcome.message) });
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireUser(request, context, url);
  const { db } = getApp(context);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "") as Intent;
  const args = { request, context, userId: user.id, formData };
  switch (intent) {
    case "start":
      // A new key each time: one shown or copied before no longer counts.
      return answer(intent, undefined, { setup: await setupView(await startTotpEnrolment(db, user.id)) });
    case "cancel":
      await cancelTotpEnrolment(db, user.id);
      return answer(intent);
    case "password":
      return changePasswordIntent(args);
    case "confirm":
      return confirmIntent(args);
    case "disable":
    case "regenerate":
      return codeIntent(intent, args);
    default:
      return data(answer(intent), { status: 400 });
  }
}

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnce(actionData?.toast);
  const lastFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  const codes = actionData?.recoveryCodes;
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Account security</h1>
      <p className="mt-1 text-slate-600">
        Signed in as <strong>{loaderData.email}</strong>
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        {loaderData.isAdmin ? (
          <Button asChild variant="outline" size="sm">
            <Link to="/admin">Admin Dashboard</Link>
          </Button>
        ) : null}
        <Button asChild variant="outline" size="sm">
          <Link to="/company">Company Dashboard</Link>
        </Button>
      </div>
      {codes ? <RecoveryCodes codes={codes} /> : null}
      <TwoFactorCard
        isAdmin={loaderData.isAdmin}
        totpEnabled={loaderData.totpEnabled}
        recoveryCodesLeft={loaderData.recoveryCodesLeft}
        setup={actionData?.setup ?? null}
        notice={actionData?.notice}
        lastFor={lastFor}
      />
      <PasswordCard lastResult={lastFor("password")} />
    </main>
  );
}
