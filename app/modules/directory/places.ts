/**
 * Places the product names on the home page. The sample register generator spreads rows over
 * these towns (and more), so every link finds carriers in the demo.
 */
export const POPULAR_LOCATIONS = [
  "Manchester",
  "London",
  "Birmingham",
  "Leeds",
  "Glasgow",
  "Liverpool",
] as const;

/** The 20 city links on the home page, each to /search-results/{city}. */
export const CITY_LINKS = [
  "London",
  "Birmingham",
  "Manchester",
  "Leeds",
  "Liverpool",
  "Sheffield",
  "Bristol",
  "Newcastle upon Tyne",
  "Nottingham",
  "Leicester",
  "Coventry",
  "Bradford",
  "Cardiff",
  "Southampton",
  "Brighton",
  "Plymouth",
  "Reading",
  "Norwich",
  "York",
  "Glasgow",
] as const;
