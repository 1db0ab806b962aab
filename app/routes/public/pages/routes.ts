import type { RouteConfigEntry } from "@react-router/dev/routes";

/** Static pages, guides and placeholders. */
export const pageRoutes: RouteConfigEntry[] = [];
