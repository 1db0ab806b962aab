import { route, type RouteConfigEntry } from "@react-router/dev/routes";
import { accountRoutes } from "../account/routes";
import { devRoutes } from "../dev/routes";

// Sign-in, password and access screens; they render inside the public site layout.
export const authRoutes: RouteConfigEntry[] = [
  route("login", "routes/auth/login.tsx"),
  route("login/two-factor", "routes/auth/two-factor.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("request-reset", "routes/auth/request-reset.tsx"),
  route("auth/recovery", "routes/auth/recovery.tsx"),
  // The older address of the reset link: the same page, under its own route id.
  route("password-recovery", "routes/auth/recovery.tsx", { id: "routes/auth/password-recovery" }),
  route("auth/invite", "routes/auth/invite.tsx"),
  route("auth/confirm", "routes/auth/confirm.tsx"),
  route("check-email", "routes/auth/check-email.tsx"),
  route("unauthorized", "routes/auth/unauthorized.tsx"),
  ...accountRoutes,
  ...devRoutes,
];
