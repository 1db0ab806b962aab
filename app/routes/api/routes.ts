import { route, type RouteConfigEntry } from "@react-router/dev/routes";

export const apiRoutes: RouteConfigEntry[] = [route("api/v1/providers", "routes/api/providers.ts")];
