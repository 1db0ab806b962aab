import { redirect } from "react-router";
import { signOut } from "~/modules/accounts/sign-out.server";
import { getApp } from "~/web/context";
import { clearSessionCookie, readSessionToken } from "~/web/session-cookie.server";
import type { Route } from "./+types/logout";

// Logging out is a POST (forms in the header, /unauthorized and the dashboards). A GET changes nothing.
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config } = getApp(context);
  // Revokes whatever session this browser holds (full or pending); without one this is harmless.
  const { token } = await readSessionToken(request, config);
  await signOut(db, token);
  return redirect("/", { headers: { "Set-Cookie": await clearSessionCookie(config) } });
}
