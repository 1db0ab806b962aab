/**
 * The one way the product makes a cookie: signed with the session secret, httpOnly, SameSite=Lax,
 * path "/", and Secure whenever the site is served over HTTPS (always in production). Over HTTPS
 * the name takes the `__Host-` prefix, which browsers accept only from a secure origin, without a
 * Domain and with path "/": a cookie set by a sibling sub-domain or over plain HTTP cannot
 * shadow it (decision 0008). A cookie kept to a narrower path takes `__Secure-` instead.
 */
import { createCookie, type Cookie } from "react-router";
import type { Config } from "~/platform/env.server";

export type CookieConfig = Pick<Config, "sessionSecret" | "isProduction"> & { publicUrl?: string };

export interface CookieSpec {
  /** The base name ("session"); "__" or "__Host-" is put in front. */
  name: string;
  maxAgeSeconds: number;
  /** Defaults to "/". */
  path?: string;
}

const cache = new Map<string, Cookie>();

export function isSecureSite(config: CookieConfig): boolean {
  return config.isProduction || (config.publicUrl?.startsWith("https:") ?? false);
}

/** The name the browser sees: `__Host-name` over HTTPS, `__name` over plain HTTP (development). */
export function cookieName(spec: CookieSpec, config: CookieConfig): string {
  const wholeSite = (spec.path ?? "/") === "/";
  return `${isSecureSite(config) ? (wholeSite ? "__Host-" : "__Secure-") : "__"}${spec.name}`;
}

export function signedCookie(spec: CookieSpec, config: CookieConfig): Cookie {
  const secure = isSecureSite(config);
  const name = cookieName(spec, config);
  const key = `${name}:${spec.path ?? "/"}:${spec.maxAgeSeconds}:${secure}:${config.sessionSecret}`;
  let cookie = cache.get(key);
  if (!cookie) {
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: spec.path ?? "/",
      maxAge: spec.maxAgeSeconds,
      secrets: [config.sessionSecret],
    });
    cache.set(key, cookie);
  }
  return cookie;
}

/** True when the request carries the cookie at all (signed or not): saves a parse on most requests. */
export function hasCookie(request: Request, spec: CookieSpec, config: CookieConfig): boolean {
  return request.headers.get("Cookie")?.includes(`${cookieName(spec, config)}=`) ?? false;
}
