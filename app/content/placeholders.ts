/**
 * The pages the spec lists as 'under construction'. The route module looks the page up by
 * path, so adding one is a line here and a line in routes.ts.
 */
import type { GuideSlug } from "./guides/types";

export interface PlaceholderPage {
  path: string;
  /** The page name shown in the heading and title. */
  name: string;
  /** What the finished page will offer, in one sentence. */
  plans: string;
  /** Guides that already answer part of it. */
  guides: GuideSlug[];
}

export const PLACEHOLDER_PAGES: PlaceholderPage[] = [
  {
    path: "/legislation",
    name: "Legislation",
    plans:
      "A plain-English index of the UK laws and regulations that govern waste carriers, householders and businesses.",
    guides: ["carrier-licensing", "duty-of-care", "fly-tipping-risks", "hazardous-waste-basics"],
  },
  {
    path: "/recycling-guides",
    name: "Recycling Guides",
    plans: "Material-by-material advice on recycling and reusing everything from furniture to electricals.",
    guides: ["household-recycling", "hazardous-waste-basics", "avoiding-fly-tipping"],
  },
];

export function findPlaceholder(pathname: string): PlaceholderPage | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  return PLACEHOLDER_PAGES.find((page) => page.path === path) ?? null;
}
