/** A toast carried across a redirect in a short-lived signed cookie, read by the root loader. */
import { createCookie, redirect, type RouterContextProvider } from "react-router";
import type { ToastMessage } from "~/components/ui/toast";
import { getApp } from "./context";

const cookies = new Map<string, ReturnType<typeof createCookie>>();
function cookieFor(secret: string, secure: boolean) {
  let cookie = cookies.get(secret);
  if (!cookie) {
    cookie = createCookie("__toast", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 60, secrets: [secret], secure });
    cookies.set(secret, cookie);
  }
  return cookie;
}

export async function redirectWithToast(
  context: Readonly<RouterContextProvider>,
  url: string,
  message: ToastMessage,
  init: ResponseInit = {},
): Promise<Response> {
  const { config } = getApp(context);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await cookieFor(config.sessionSecret, config.isProduction).serialize(message));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast. Append the returned header to the response. */
export async function takeToast(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ toast: ToastMessage | null; setCookie: string | null }> {
  const { config } = getApp(context);
  const cookie = cookieFor(config.sessionSecret, config.isProduction);
  const header = request.headers.get("Cookie");
  if (!header?.includes("__toast=")) return { toast: null, setCookie: null };
  const value = (await cookie.parse(header)) as ToastMessage | null;
  return { toast: value && typeof value.title === "string" ? value : null, setCookie: await cookie.serialize("", { maxAge: 0 }) };
}
