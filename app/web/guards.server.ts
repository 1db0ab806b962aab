/**
 * Request-level access: who is signed in (decided on the server, once per request) and the guards
 * for the signed-in areas. Use the middleware on an area's layout route and call `requireUser` /
 * `requireAdmin` again in every loader and action (defence in depth: they reuse the same lookup).
 *
 *   export const middleware = [requireAdminMiddleware];
 *   export async function loader({ request, context }) { const admin = await requireAdmin(request, context); ... }
 */
import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getSessionUser, type SessionUser } from "~/modules/accounts/get-session-user.server";
import { getApp } from "~/web/context";
import { clearSessionCookie, readSessionToken, serializeSessionCookie } from "~/web/session-cookie.server";

export type { SessionUser };

export interface AuthState {
  user: SessionUser | null;
  /** The raw session token (to revoke it, or to keep it when signing out other sessions). */
  token: string | null;
  /** Password checked, second factor still due. */
  pendingSecondFactor: boolean;
  /** A Set-Cookie header this response should carry (rolled expiry or a cleared stale cookie). */
  setCookie: string | null;
}

type Ctx = Readonly<RouterContextProvider>;
const cache = new WeakMap<object, Promise<AuthState>>();
const cookieSent = new WeakSet<object>();

async function resolve(request: Request, context: Ctx): Promise<AuthState> {
  const { config, db } = getApp(context);
  const { token, present } = await readSessionToken(request, config);
  const lookup = await getSessionUser(db, token);
  if (lookup.kind === "signed-in") {
    return {
      user: lookup.user,
      token,
      pendingSecondFactor: false,
      setCookie:
        lookup.rolled && token
          ? await serializeSessionCookie(config, token, lookup.expiresAt.getTime() - Date.now())
          : null,
    };
  }
  if (lookup.kind === "pending-2fa") return { user: null, token, pendingSecondFactor: true, setCookie: null };
  // A stale, revoked, expired or tampered cookie is cleared and the visitor treated as signed out.
  return {
    user: null,
    token: null,
    pendingSecondFactor: false,
    setCookie: present ? await clearSessionCookie(config) : null,
  };
}

/** The auth state of this request (looked up once, whatever asks). */
export function getAuth(request: Request, context: Ctx): Promise<AuthState> {
  let state = cache.get(context);
  if (!state) {
    state = resolve(request, context);
    cache.set(context, state);
  }
  return state;
}

/** The Set-Cookie header still owed for this request, once (whoever sends it first). */
export async function takeSessionCookie(request: Request, context: Ctx): Promise<string | null> {
  const { setCookie } = await getAuth(request, context);
  if (!setCookie || cookieSent.has(context)) return null;
  cookieSent.add(context);
  return setCookie;
}

export async function getUser(request: Request, context: Ctx): Promise<SessionUser | null> {
  return (await getAuth(request, context)).user;
}

function loginRedirect(request: Request, url?: URL): Response {
  const u = url ?? new URL(request.url);
  const path = u.pathname.replace(/\.data$/, "") + stripInternalParams(u.searchParams);
  return redirect(`/login?redirectTo=${encodeURIComponent(path)}`);
}

function stripInternalParams(params: URLSearchParams): string {
  const p = new URLSearchParams(params);
  p.delete("_routes");
  p.delete("index");
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** A signed-in user, or a redirect to /login that keeps the original location. */
export async function requireUser(request: Request, context: Ctx, url?: URL): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user) throw loginRedirect(request, url);
  return user;
}

/** An administrator; anonymous visitors go to /login, other users to /unauthorized. */
export async function requireAdmin(request: Request, context: Ctx, url?: URL): Promise<SessionUser> {
  const user = await requireUser(request, context, url);
  if (!user.isAdmin) throw redirect("/unauthorized");
  return user;
}

async function withCookie(request: Request, context: Ctx, next: () => Promise<Response>): Promise<Response> {
  const cookie = await takeSessionCookie(request, context);
  const response = await next();
  if (cookie) response.headers.append("Set-Cookie", cookie);
  return response;
}

/** Layout middleware for /company/*: a signed-in user. */
export const requireUserMiddleware: MiddlewareFunction<Response> = async (
  { request, context, url },
  next,
) => {
  await requireUser(request, context, url);
  return withCookie(request, context, next);
};

/** Layout middleware for /admin/*: an administrator. */
export const requireAdminMiddleware: MiddlewareFunction<Response> = async (
  { request, context, url },
  next,
) => {
  await requireAdmin(request, context, url);
  return withCookie(request, context, next);
};
