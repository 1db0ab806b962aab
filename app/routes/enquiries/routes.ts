import { route, type RouteConfigEntry } from "@react-router/dev/routes";

// Visitor forms (posted to by the results page, profiles and their no-JavaScript fallbacks), the
// live review check, the review confirmation link's page (decision 0250) and the access-checked
// photo route.
export const enquiryRoutes: RouteConfigEntry[] = [
  route("enquiries/lead", "routes/enquiries/lead.tsx"),
  route("enquiries/quote/:registrationNumber", "routes/enquiries/quote.tsx"),
  route("enquiries/reviews/confirm", "routes/enquiries/review-confirm.tsx"),
  route("enquiries/reviews/:registrationNumber", "routes/enquiries/reviews.tsx"),
  route("enquiries/reviews/:registrationNumber/check", "routes/enquiries/review-check.ts"),
  route("enquiries/reviews/:registrationNumber/list", "routes/enquiries/review-list.ts"),
  route("enquiries/photo/:kind/:id", "routes/enquiries/photo.ts"),
];
