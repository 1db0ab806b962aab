import { index, route, type RouteConfigEntry } from "@react-router/dev/routes";
import { pageRoutes } from "./pages/routes";

export const publicRoutes: RouteConfigEntry[] = [
  index("routes/public/home.tsx"),
  route("search-results/:location?", "routes/public/search-results.tsx"),
  route("provider/:registrationNumber", "routes/public/provider.tsx"),
  route("provider/:registrationNumber/call", "routes/public/provider-call.ts"),
  // Link preview cards (og:image) of profiles and town pages: /og/provider/CBDU1.png, /og/town/Leeds.png.
  route("og/:kind/:file", "routes/public/social-card.ts"),
  route("robots.txt", "routes/public/robots.ts"),
  route("sitemap.xml", "routes/public/sitemap-index.ts"),
  route("sitemaps/:name", "routes/public/sitemap-chunk.ts"),
  ...pageRoutes,
  route("*", "routes/public/not-found.tsx"),
];
