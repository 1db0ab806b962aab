/**
 * The "session from the link" for the set-password screens. Arriving with ?token=..., the token is
 * checked (not used up, so mail scanners that open links cannot burn it) and moved into this
 * short-lived, signed, httpOnly cookie; the browser is redirected to the same path without the token
 * (no token in history, logs or Referer). Submitting the form uses the token up.
 */
import { hasCookie, signedCookie, type CookieConfig, type CookieSpec } from "~/web/cookies.server";

export const LINK_COOKIE_MAX_AGE = 30 * 60;
export const LINK_COOKIE: CookieSpec = { name: "pwlink", maxAgeSeconds: LINK_COOKIE_MAX_AGE };
const cookieFor = (config: CookieConfig) => signedCookie(LINK_COOKIE, config);

export async function readLinkToken(request: Request, config: CookieConfig): Promise<string | null> {
  if (!hasCookie(request, LINK_COOKIE, config)) return null;
  const value: unknown = await cookieFor(config).parse(request.headers.get("Cookie"));
  return typeof value === "string" ? value : null;
}

export function storeLinkToken(config: CookieConfig, token: string): Promise<string> {
  return cookieFor(config).serialize(token);
}

export function clearLinkToken(config: CookieConfig): Promise<string> {
  return cookieFor(config).serialize("", { maxAge: 0, expires: new Date(0) });
}
