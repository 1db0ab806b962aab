import { route, type RouteConfigEntry } from "@react-router/dev/routes";

// 'Report this carrier' (issue 8): a small public form linked from each provider profile.
export const reportRoutes: RouteConfigEntry[] = [
  route("provider/:registrationNumber/report", "routes/reports/report-carrier.tsx"),
];
