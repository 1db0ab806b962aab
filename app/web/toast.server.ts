/** A toast carried across a redirect in a short-lived signed cookie, read by the root loader. */
import { redirect, type RouterContextProvider } from "react-router";
import { getApp } from "./context";
import { hasCookie, signedCookie, type CookieSpec } from "./cookies.server";

/** A toast: shown by the root's Toaster (app/components/ui/toast.tsx). */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "default" | "success" | "destructive";
}

export const TOAST_COOKIE: CookieSpec = { name: "toast", maxAgeSeconds: 60 };

export async function redirectWithToast(
  context: Readonly<RouterContextProvider>,
  url: string,
  message: ToastMessage,
  init: ResponseInit = {},
): Promise<Response> {
  const { config } = getApp(context);
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await signedCookie(TOAST_COOKIE, config).serialize(message));
  return redirect(url, { ...init, headers });
}

/** Reads and clears the pending toast. Append the returned header to the response. */
export async function takeToast(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ toast: ToastMessage | null; setCookie: string | null }> {
  const { config } = getApp(context);
  if (!hasCookie(request, TOAST_COOKIE, config)) return { toast: null, setCookie: null };
  const cookie = signedCookie(TOAST_COOKIE, config);
  const value = (await cookie.parse(request.headers.get("Cookie"))) as ToastMessage | null;
  return {
    toast: value && typeof value.title === "string" ? value : null,
    setCookie: await cookie.serialize("", { maxAge: 0 }),
  };
}
