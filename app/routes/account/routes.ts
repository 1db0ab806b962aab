import { route, type RouteConfigEntry } from "@react-router/dev/routes";

// The signed-in user's own account settings (any signed-in user: company or admin).
export const accountRoutes: RouteConfigEntry[] = [route("account/security", "routes/account/security.tsx")];
