import type { RouteConfig } from "@react-router/dev/routes";
import { adminRoutes } from "./routes/admin/routes";
import { apiRoutes } from "./routes/api/routes";
import { authRoutes } from "./routes/auth/routes";
import { companyRoutes } from "./routes/company/routes";
import { publicRoutes } from "./routes/public/routes";

// Each area declares its own routes; the catch-all 404 is last in publicRoutes.
export default [...apiRoutes, ...authRoutes, ...companyRoutes, ...adminRoutes, ...publicRoutes] satisfies RouteConfig;
