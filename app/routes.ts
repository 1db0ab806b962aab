import { layout, type RouteConfig } from "@react-router/dev/routes";
import { adminRoutes } from "./routes/admin/routes";
import { authRoutes } from "./routes/auth/routes";
import { claimRoutes } from "./routes/claims/routes";
import { companyRoutes } from "./routes/company/routes";
import { enquiryRoutes } from "./routes/enquiries/routes";
import { publicRoutes } from "./routes/public/routes";
import { reportRoutes } from "./routes/reports/routes";
import { wasteNoteRoutes } from "./routes/waste-notes/routes";

// Each area declares its own routes. Public and auth pages share the site layout (header and
// footer); the company and admin areas bring their own. The catch-all 404 is last in publicRoutes.
// The JSON API is answered before the router, by Hono (server/api.ts).
export default [
  ...companyRoutes,
  ...adminRoutes,
  layout("routes/public/layout.tsx", [
    ...authRoutes,
    ...wasteNoteRoutes,
    ...claimRoutes,
    ...enquiryRoutes,
    ...reportRoutes,
    ...publicRoutes,
  ]),
] satisfies RouteConfig;
