import { route, type RouteConfigEntry } from "@react-router/dev/routes";

const dir = "routes/public/pages";

/** Static pages, guides and placeholders. */
export const pageRoutes: RouteConfigEntry[] = [
  route("about", `${dir}/about.tsx`),
  route("contact", `${dir}/contact.tsx`),
  route("privacy", `${dir}/privacy.tsx`),
  route("terms", `${dir}/terms.tsx`),
  route("cookies", `${dir}/cookies.tsx`),
  route("resources", `${dir}/resources.tsx`),
  route("resources/:slug", `${dir}/guide.tsx`),
  route("faq", `${dir}/faq.tsx`),
  // One module, several pages: the loader maps the path to the page name (content/placeholders.ts).
  route("legislation", `${dir}/under-construction.tsx`, { id: "pages/legislation" }),
  route("recycling-guides", `${dir}/under-construction.tsx`, { id: "pages/recycling-guides" }),
];
