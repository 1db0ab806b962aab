import { layout, route, type RouteConfigEntry } from "@react-router/dev/routes";

// /company/*: any signed-in user. The layout's middleware guards every child (loaders and actions);
// children call requireUser themselves too. The splat keeps unknown /company/* paths behind the guard.
export const companyRoutes: RouteConfigEntry[] = [
  layout("routes/company/layout.tsx", [
    route("company", "routes/company/index.tsx"),
    route("company/*", "routes/company/not-found.tsx"),
  ]),
];
