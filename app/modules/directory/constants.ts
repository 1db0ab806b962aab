/** Business constants of the public directory (spec section 9). Shared by server and pages. */

export const SEARCH_PAGE_SIZE = 10;
/** Search result and featured caches live this long (ms). */
export const SEARCH_CACHE_TTL_MS = 5 * 60_000;
export const FEATURED_CACHE_TTL_MS = 5 * 60_000;
export const FEATURED_COUNT = 3;
/**
 * Counting stops here: a search reports "1000+" rather than counting every match of a
 * one-word query over a million rows (docs/decisions/0202-capped-search-count.md).
 */
export const SEARCH_COUNT_CAP = 1000;
/**
 * The expired registrations a search hides are counted up to here ("100+ expired registrations
 * hidden"): enough to say there are many, without reading thousands of rows to say how many
 * (decision 0214).
 */
export const HIDDEN_COUNT_CAP = 100;
/** Cards show this many services, then '+N more'. */
export const FEATURED_CARD_SERVICES = 2;
export const RESULT_CARD_SERVICES = 3;

export const SERVICE_TYPES = [
  "Household Waste",
  "Garden Waste",
  "Construction Waste",
  "Commercial Waste",
  "Hazardous Waste",
  "Electronic Waste",
  "Metal Waste",
  "Furniture Removal",
  "Skip Hire",
  "Recycling Services",
] as const;

export const SEARCH_TYPES = ["all", "name", "registration", "location"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  all: "All Types",
  name: "Business Name",
  registration: "Registration No.",
  location: "Location",
};

/**
 * 'claimed' (the spec's default, is_claimed descending, then relevance), pure relevance, or
 * 'distance' (nearest first: the default of a search around a place; without a place it is the
 * default order, claimed first). In a search around a place, 'relevance' is nearest first too.
 */
export const SEARCH_SORTS = ["claimed", "relevance", "distance"] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = {
  claimed: "Claimed listings first",
  relevance: "Most relevant",
  distance: "Nearest first",
};

/** The radius filter of the results page (miles); the API takes any number of miles up to the maximum. */
export const SEARCH_RADII = [5, 10, 25, 50] as const;
export const DEFAULT_RADIUS_MILES = 25;
export const MIN_RADIUS_MILES = 1;
export const MAX_RADIUS_MILES = 100;

/** The registration tier filter: upper tier only, lower tier only, or any. */
export const SEARCH_TIERS = ["any", "upper", "lower"] as const;
export type SearchTier = (typeof SEARCH_TIERS)[number];
export const SEARCH_TIER_LABELS: Record<SearchTier, string> = {
  any: "Any tier",
  upper: "Upper tier",
  lower: "Lower tier",
};
