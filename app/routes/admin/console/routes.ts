import { route, type RouteConfigEntry } from "@react-router/dev/routes";

// The admin console (issue 8): Data Management (register sync), Reports & Complaints, Settings.
export const adminConsoleRoutes: RouteConfigEntry[] = [
  route("admin/data-management", "routes/admin/console/data-management.tsx"),
  route("admin/reports", "routes/admin/console/reports.tsx"),
  route("admin/settings", "routes/admin/console/settings.tsx"),
];
