/**
 * The session cookie: signed, httpOnly, SameSite=Lax, holding only the random token whose hash
 * the `sessions` table keeps (app/platform/session.server.ts). `__Host-session` over HTTPS,
 * `__session` in development (cookies.server.ts).
 */
import { SESSION_TTL_MS } from "~/platform/session.server";
import { hasCookie, signedCookie, type CookieConfig, type CookieSpec } from "./cookies.server";

export const SESSION_COOKIE: CookieSpec = { name: "session", maxAgeSeconds: SESSION_TTL_MS / 1000 };

const cookieFor = (config: CookieConfig) => signedCookie(SESSION_COOKIE, config);

/** The token in the request's session cookie; `present` is true when a cookie was sent at all. */
export async function readSessionToken(
  request: Request,
  config: CookieConfig,
): Promise<{ token: string | null; present: boolean }> {
  if (!hasCookie(request, SESSION_COOKIE, config)) return { token: null, present: false };
  const value: unknown = await cookieFor(config).parse(request.headers.get("Cookie"));
  // A tampered or foreign cookie fails the signature check and parses as null.
  return {
    token: typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null,
    present: true,
  };
}

export function serializeSessionCookie(
  config: CookieConfig,
  token: string,
  maxAgeMs = SESSION_TTL_MS,
): Promise<string> {
  return cookieFor(config).serialize(token, { maxAge: Math.max(1, Math.floor(maxAgeMs / 1000)) });
}

export function clearSessionCookie(config: CookieConfig): Promise<string> {
  return cookieFor(config).serialize("", { maxAge: 0, expires: new Date(0) });
}
