import { route, type RouteConfigEntry } from "@react-router/dev/routes";

export const adminClaimRoutes: RouteConfigEntry[] = [
  route("admin/claim-requests", "routes/admin/claims/claim-requests.tsx"),
  route("admin/claim-requests/:claimId/licence", "routes/admin/claims/licence-document.ts"),
  route("admin/listings", "routes/admin/claims/listings.tsx"),
  route("admin/providers", "routes/admin/claims/providers.tsx"),
  route("admin/providers/new", "routes/admin/claims/add-provider.tsx"),
];
