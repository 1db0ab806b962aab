import { route, type RouteConfigEntry } from "@react-router/dev/routes";

// The claim journey: the finder, the wizard (reached from cards and profiles as /claim/N and from
// the finder as /claim-listing/N: one module), and the wizard's Complete step.
export const claimRoutes: RouteConfigEntry[] = [
  route("register", "routes/claims/register.tsx"),
  route("claim/:registrationNumber?", "routes/claims/claim.tsx", { id: "claim-wizard" }),
  route("claim-listing/:registrationNumber?", "routes/claims/claim.tsx", { id: "claim-listing" }),
  route("claim/:registrationNumber/complete", "routes/claims/complete.tsx"),
];
