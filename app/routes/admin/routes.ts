import { layout, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { adminClaimRoutes } from "./claims/routes";
import { adminConsoleRoutes } from "./console/routes";
import { adminEnquiryRoutes } from "./enquiries/routes";
import { adminRecordRoutes } from "./records/routes";

// /admin/*: administrators only. The layout's middleware guards every child (loaders and actions);
// children call requireAdmin themselves too. The splat keeps unknown /admin/* paths behind the guard.
// Each admin section declares its own routes (claims, enquiries, console).
export const adminRoutes: RouteConfigEntry[] = [
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.tsx"),
    ...adminClaimRoutes,
    ...adminEnquiryRoutes,
    ...adminConsoleRoutes,
    ...adminRecordRoutes,
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
];
