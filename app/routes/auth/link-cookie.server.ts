/**
 * The "session from the link" for the set-password screens. Arriving with ?token=..., the token is
 * checked (not used up, so mail scanners that open links cannot burn it) and moved into this
 * short-lived, signed, httpOnly cookie; the browser is redirected to the same path without the token
 * (no token in history, logs or Referer). Submitting the form uses the token up.
 */
import { createCookie, type Cookie } from "react-router";
import type { CookieConfig } from "~/platform/session.server";

export const LINK_COOKIE_MAX_AGE = 30 * 60;
const cookies = new Map<string, Cookie>();

function cookieFor(config: CookieConfig): Cookie {
  const secure = config.isProduction || (config.publicUrl?.startsWith("https:") ?? false);
  const key = `${secure}:${config.sessionSecret}`;
  let cookie = cookies.get(key);
  if (!cookie) {
    cookie = createCookie("__pwlink", {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      maxAge: LINK_COOKIE_MAX_AGE,
      secrets: [config.sessionSecret],
    });
    cookies.set(key, cookie);
  }
  return cookie;
}

export async function readLinkToken(request: Request, config: CookieConfig): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("__pwlink=")) return null;
  const value: unknown = await cookieFor(config).parse(header);
  return typeof value === "string" ? value : null;
}

export function storeLinkToken(config: CookieConfig, token: string): Promise<string> {
  return cookieFor(config).serialize(token);
}

export function clearLinkToken(config: CookieConfig): Promise<string> {
  return cookieFor(config).serialize("", { maxAge: 0, expires: new Date(0) });
}
