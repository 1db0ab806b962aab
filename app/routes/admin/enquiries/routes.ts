import { route, type RouteConfigEntry } from "@react-router/dev/routes";

// Visitor enquiries in the admin area (the admin layout's guard covers every one).
export const adminEnquiryRoutes: RouteConfigEntry[] = [
  route("admin/leads", "routes/admin/enquiries/leads.tsx"),
  route("admin/leads.csv", "routes/admin/enquiries/leads-csv.ts"),
  route("admin/leads/:id/forward", "routes/admin/enquiries/lead-forward.tsx"),
  route("admin/quote-requests", "routes/admin/enquiries/quote-requests.tsx"),
  route("admin/quote-requests.csv", "routes/admin/enquiries/quote-requests-csv.ts"),
  route("admin/verifications", "routes/admin/enquiries/verifications.tsx"),
  route("admin/verifications.csv", "routes/admin/enquiries/verifications-csv.ts"),
  route("admin/messages", "routes/admin/enquiries/messages.tsx"),
];
