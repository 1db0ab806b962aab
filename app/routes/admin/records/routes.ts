import { route, type RouteConfigEntry } from "@react-router/dev/routes";

// Records across the product (issue 20): the audit log and every company's waste notes (the admin
// layout's guard covers every one).
export const adminRecordRoutes: RouteConfigEntry[] = [
  route("admin/audit", "routes/admin/records/audit.tsx"),
  route("admin/waste-notes", "routes/admin/records/waste-notes.tsx"),
];
