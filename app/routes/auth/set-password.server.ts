/**
 * Set Your Password, server side: one screen behind three links (/auth/recovery and
 * /password-recovery for reset links, /auth/invite for invitations). See link-cookie.server.ts for
 * how the link's token becomes the right to set the password.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { MESSAGES } from "~/components/auth/messages";
import { setPasswordSchema as schema } from "~/components/auth/schemas";
import type { ToastMessage } from "~/components/ui/toast";
import { checkPasswordLink, setPasswordWithToken } from "~/modules/accounts/set-password.server";
import type { Purpose } from "~/modules/accounts/tokens.server";
import { getApp } from "~/web/context";
import { clearSessionCookie } from "~/web/session-cookie.server";
import { clearLinkToken, readLinkToken, storeLinkToken } from "~/web/link-cookie.server";

interface Args {
  request: Request;
  url: URL;
  context: Readonly<RouterContextProvider>;
}

export async function setPasswordLoader({ request, context, url: requestUrl }: Args, purposes: Purpose[]) {
  const { db, config } = getApp(context);
  const url = new URL(requestUrl);
  const token = url.searchParams.get("token");
  if (token !== null) {
    const link = await checkPasswordLink(db, token, purposes);
    const cookie = link ? await storeLinkToken(config, token) : await clearLinkToken(config);
    url.searchParams.delete("token");
    throw redirect(url.pathname + url.search, {
      headers: { "Set-Cookie": cookie, "Referrer-Policy": "no-referrer" },
    });
  }
  const link = await checkPasswordLink(db, await readLinkToken(request, config), purposes);
  return { email: link?.email ?? null };
}

export async function setPasswordAction({ request, context }: Args, purposes: Purpose[]) {
  const app = getApp(context);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply({ hideFields: ["password", "confirmPassword"] }),
        done: false,
        toast: null as ToastMessage | null,
      },
      { status: 400 },
    );
  }
  const fail = (message: string, status: number) =>
    data(
      {
        result: submission.reply({ formErrors: [message], hideFields: ["password", "confirmPassword"] }),
        done: false,
        toast: {
          title: MESSAGES.setPasswordFailedToast,
          description: message,
          variant: "destructive",
        } as ToastMessage,
      },
      { status },
    );
  try {
    const result = await setPasswordWithToken(app.db, app.config, {
      token: await readLinkToken(request, app.config),
      purposes,
      password: submission.value.password,
    });
    if (result.status === "invalid-link") return fail(MESSAGES.notLoggedIn, 401);
    if (result.status === "weak-password") return fail(MESSAGES.setPasswordFailed, 400);
    // Done: the link is used up and every session of the account is signed out, this browser's too.
    const headers = new Headers();
    headers.append("Set-Cookie", await clearLinkToken(app.config));
    headers.append("Set-Cookie", await clearSessionCookie(app.config));
    return data(
      {
        result: submission.reply({ resetForm: true }),
        done: true,
        toast: {
          title: "Password Set",
          description: "Your password has been set. Please sign in.",
          variant: "success",
        } as ToastMessage,
      },
      { headers },
    );
  } catch (error) {
    app.log.error({ err: error }, "set password failed");
    return fail(MESSAGES.unexpected, 500);
  }
}
