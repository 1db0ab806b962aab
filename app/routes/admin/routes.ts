import { layout, route, type RouteConfigEntry } from "@react-router/dev/routes";

// /admin/*: administrators only. The layout's middleware guards every child (loaders and actions);
// children call requireAdmin themselves too. The splat keeps unknown /admin/* paths behind the guard.
export const adminRoutes: RouteConfigEntry[] = [
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
];
