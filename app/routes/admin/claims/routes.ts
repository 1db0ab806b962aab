import { route, type RouteConfigEntry } from "@react-router/dev/routes";

export const adminClaimRoutes: RouteConfigEntry[] = [
  route("admin/claim-requests", "routes/admin/claims/claim-requests.tsx"),
  route("admin/claim-requests.csv", "routes/admin/claims/claim-requests-csv.ts"),
  route("admin/claim-requests/:claimId/licence", "routes/admin/claims/licence-document.ts"),
  route("admin/listings", "routes/admin/claims/listings.tsx"),
  route("admin/listings.csv", "routes/admin/claims/listings-csv.ts", { id: "admin-listings-csv" }),
  route("admin/providers", "routes/admin/claims/providers.tsx"),
  route("admin/providers.csv", "routes/admin/claims/listings-csv.ts", { id: "admin-providers-csv" }),
  route("admin/providers/new", "routes/admin/claims/add-provider.tsx"),
  route("admin/providers/:id", "routes/admin/claims/provider.tsx"),
];
