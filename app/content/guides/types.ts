import type { LucideIcon } from "lucide-react";
import type { OfficialLink } from "../links";

/** The eight guides, in the order the Resources page lists them (spec, route list). */
export const GUIDE_SLUGS = [
  "carrier-licensing",
  "duty-of-care",
  "fly-tipping-risks",
  "household-recycling",
  "hazardous-waste-basics",
  "avoiding-fly-tipping",
  "using-directory",
  "checking-license",
] as const;

export type GuideSlug = (typeof GUIDE_SLUGS)[number];

export interface GuideSection {
  /** Anchor for the "On this page" list. */
  id: string;
  heading: string;
  body: React.ReactNode;
}

/** The section on the rules in Wales, Scotland and Northern Ireland, which most guides end with. */
export function ukNationsSection(body: React.ReactNode): GuideSection {
  return { id: "uk-nations", heading: "Wales, Scotland and Northern Ireland", body };
}

export interface Guide {
  slug: GuideSlug;
  /** The page heading and the card title on /resources. */
  title: string;
  /** Meta description (search snippets) and the card text on /resources: about 150 characters. */
  description: string;
  /** The lead paragraph under the heading. */
  summary: string;
  audience: string;
  icon: LucideIcon;
  readingMinutes: number;
  /** Three to five sentences a hurried reader should take away. */
  keyPoints: string[];
  sections: GuideSection[];
  /** Official registers and gov.uk pages, listed at the end of the guide. */
  officialLinks: OfficialLink[];
  related: GuideSlug[];
}
