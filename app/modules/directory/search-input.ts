/**
 * Reads a search from a URL (page or API): query, type, services, page, size, sort, the
 * registration filters (hideExpired, tier), the place to search around (near, or lat and lng,
 * with a radius in miles), plus the optional location path segment. Invalid values fall back to
 * defaults and are reported, so the page can say what it ignored and the API can answer 400.
 * (Whether a position is in Great Britain needs the grid conversion, which stays on the server:
 * locationProblems in search-location.server.ts.)
 */
import {
  DEFAULT_RADIUS_MILES,
  MAX_RADIUS_MILES,
  MIN_RADIUS_MILES,
  SEARCH_PAGE_SIZE,
  SEARCH_RADII,
  SEARCH_SORTS,
  SEARCH_TIERS,
  SEARCH_TYPES,
  type SearchSort,
  type SearchTier,
  type SearchType,
} from "./constants";
import { parseRegistrationNumber, type ParsedRegistrationNumber } from "./registration";

export interface SearchInput {
  query: string;
  type: SearchType;
  services: string[];
  page: number;
  size: number;
  sort: SearchSort;
  /** Leave out registrations that have expired (see defaultHideExpired). */
  hideExpired: boolean;
  /** Upper tier, lower tier, or any. */
  tier: SearchTier;
  /**
   * The sort was asked for (a `sort` parameter). Without one, a search around a place is sorted
   * nearest first, any other by `sort`'s default (claimed first).
   */
  sortChosen?: boolean;
  /**
   * A place to search around: a postcode, sector, district or town ('LS1 1AA', 'LS1',
   * 'Stoke-on-Trent'). Unlike a query that happens to name a place, an unknown `near` finds
   * nothing (with a message and suggestions), never a text search.
   */
  near?: string;
  /** A position to search around (WGS84 degrees, both or neither): "Use my location". */
  lat?: number;
  lng?: number;
  /** Miles around the place (DEFAULT_RADIUS_MILES when not given). */
  radius?: number;
  /**
   * When the query is a registration number written otherwise than the register writes it
   * ('cbdu-123 456', 'Reg: CBDU123456.'): the text as typed, which the search box shows again
   * (the query is the number; decision 0277). See numberReadFrom.
   */
  typed?: string;
  /**
   * When a registration number made the search a licence check: the type that was asked for
   * ('location' from the home page's default box), which the search box keeps for the next search.
   */
  askedType?: SearchType;
}

/** Whether the search names a place or a position to search around (near, or lat and lng). */
export function hasExplicitLocation(input: Pick<SearchInput, "near" | "lat" | "lng">): boolean {
  return !!input.near || (input.lat !== undefined && input.lng !== undefined);
}

/**
 * Expired registrations are hidden by default when a person looks for carriers in a place (a
 * location search, or one around a place or a position); a name, number or 'all' search checks a
 * specific business, so expired ones are shown (marked Expired) unless the person hides them. A
 * registration search is a licence check, never about a place (decision 0277).
 */
export function defaultHideExpired(type: SearchType, aroundPlace = false): boolean {
  return type === "location" || (aroundPlace && type !== "registration");
}

/**
 * The order a search takes when none is chosen: nearest first around a place that was found; for
 * a registration search (a licence check), the number itself first, then the numbers it starts
 * (decision 0277); otherwise claimed listings first (decision 0204).
 */
export function defaultSort(type: SearchType, aroundPlace = false): SearchSort {
  if (aroundPlace) return "distance";
  return type === "registration" ? "relevance" : "claimed";
}

/** A number of a UK register of waste carriers, as parseRegistrationNumber reads it. */
export type RegistrationNumber = Extract<ParsedRegistrationNumber, { kind: "ea" | "other" }>;

// The separators parseRegistrationNumber removes (spaces, hyphens, dashes), then what a number of
// each register looks like inside other text: England and Wales (CBDU/CBDL and digits), Scotland
// (WCR/R/1234567; SCO/, SEA/, SNO/, SWE/, WCR/ and 6 digits; PCT-X-123) and Northern Ireland
// (ROC UT 1234), standing apart from letters and digits around them.
const SEP = "[\\s\\u00a0\\-\\u2010-\\u2015\\u2212]*";
const EMBEDDED_NUMBER = new RegExp(
  `(?<![\\p{L}\\p{N}])(CBD[LU](?:${SEP}\\d)+|WCR\\s*/\\s*R\\s*/\\s*\\d{7}|(?:SCO|SEA|SNO|SWE|WCR)\\s*/\\s*\\d{6}|PCT${SEP}[A-Z]${SEP}\\d{3,}|ROC${SEP}[UL]T${SEP}\\d{1,7})(?![\\p{L}\\p{N}])`,
  "iu",
);

/**
 * The registration number in what a person typed (decision 0277): the whole text read as a number
 * ('cbdu-123 456'), or else the first number written inside it ('Reg: CBDU123456.',
 * 'CBDU-123456,', 'licence cbdu 123 456 please'). Null when the text holds none.
 */
export function registrationNumberIn(text: string): RegistrationNumber | null {
  const whole = parseRegistrationNumber(text);
  if (whole.kind === "ea" || whole.kind === "other") return whole;
  const found = EMBEDDED_NUMBER.exec(text);
  if (!found) return null;
  const inside = parseRegistrationNumber(found[1]);
  return inside.kind === "ea" || inside.kind === "other" ? inside : null;
}

/** Which radii are accepted: the results page's filter (5, 10, 25, 50) or the API's 1 to 100 miles. */
export type RadiusRule = "page" | "api";

const YES = ["1", "true", "yes", "on"];
const NO = ["0", "false", "no", "off"];

export const MAX_QUERY_LENGTH = 100;
export const MAX_SERVICES = 10;
export const MAX_PAGE_SIZE = 50;

// No zod here: this module is also in the results page's client bundle, so it stays tiny.
function wholeNumber(raw: string, min: number, max: number): number | null {
  if (!/^\s*\d{1,6}\s*$/.test(raw)) return null;
  const n = Number(raw);
  return n >= min && n <= max ? n : null;
}

export function parseSearchInput(
  params: URLSearchParams,
  pathLocation?: string | null,
  options: { radius?: RadiusRule } = {},
): { input: SearchInput; problems: string[] } {
  const problems: string[] = [];
  const { query, type, typed, askedType } = parseQueryAndType(params, pathLocation, problems);

  let sort: SearchSort = "claimed";
  let sortChosen = false;
  const rawSort = params.get("sort");
  if (rawSort) {
    if ((SEARCH_SORTS as readonly string[]).includes(rawSort)) {
      sort = rawSort as SearchSort;
      sortChosen = true;
    } else problems.push(`Unknown sort '${rawSort.slice(0, 30)}': use one of ${SEARCH_SORTS.join(", ")}.`);
  }

  const around = parseLocation(params, options.radius ?? "page", problems);

  let page = 1;
  const rawPage = params.get("page");
  if (rawPage) {
    const parsed = wholeNumber(rawPage, 1, 100_000);
    if (parsed !== null) page = parsed;
    else problems.push("The page must be a whole number from 1.");
  }

  let size = SEARCH_PAGE_SIZE;
  const rawSize = params.get("size");
  if (rawSize) {
    const parsed = wholeNumber(rawSize, 1, MAX_PAGE_SIZE);
    if (parsed !== null) size = parsed;
    else problems.push(`The page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`);
  }

  // "services=a,b" (links, JavaScript) or repeated "service" checkboxes (the form without JavaScript).
  const services = parseServices([...params.getAll("services"), ...params.getAll("service")]);
  if (services.length > MAX_SERVICES) problems.push(`At most ${MAX_SERVICES} services can be chosen.`);

  // The form sends a hidden 'hideExpired=0' before the checkbox's 'hideExpired=1', so that an
  // unticked box is sent too (without JavaScript): the last value wins.
  let hideExpired = defaultHideExpired(type, hasExplicitLocation(around));
  const rawHide = params.getAll("hideExpired").at(-1);
  if (rawHide !== undefined && rawHide !== "") {
    const v = rawHide.trim().toLowerCase();
    if (YES.includes(v)) hideExpired = true;
    else if (NO.includes(v)) hideExpired = false;
    else
      problems.push(
        `Unknown hideExpired value '${rawHide.slice(0, 30)}': use 1 (hide expired registrations) or 0 (show them).`,
      );
  }

  let tier: SearchTier = "any";
  const rawTier = params.get("tier");
  if (rawTier) {
    const v = rawTier.trim().toLowerCase();
    if ((SEARCH_TIERS as readonly string[]).includes(v)) tier = v as SearchTier;
    else problems.push(`Unknown tier '${rawTier.slice(0, 30)}': use one of ${SEARCH_TIERS.join(", ")}.`);
  }

  // Services do not apply to a registration number check (the filter is hidden there).
  return {
    input: {
      query,
      type,
      services: type === "registration" ? [] : services.slice(0, MAX_SERVICES),
      page,
      size,
      sort,
      hideExpired,
      tier,
      ...(sortChosen ? { sortChosen } : {}),
      ...around,
      ...(typed !== undefined ? { typed } : {}),
      ...(askedType !== undefined ? { askedType } : {}),
    },
    problems,
  };
}

/**
 * The query and the type. A registration number is always a licence check, whatever the type
 * (the home page's box starts on Location), and the check is of the number, whatever was typed
 * around it (decision 0277): the query is then the number, the type 'registration', and what was
 * typed and asked for is kept for the search box.
 */
function parseQueryAndType(
  params: URLSearchParams,
  pathLocation: string | null | undefined,
  problems: string[],
): Pick<SearchInput, "query" | "type" | "typed" | "askedType"> {
  const location = pathLocation?.trim() ?? "";
  let query = (params.get("query") ?? "").replace(/\s+/g, " ").trim();
  if (!query && location) query = location;
  if (query.length > MAX_QUERY_LENGTH) {
    problems.push(`The search text is limited to ${MAX_QUERY_LENGTH} characters.`);
    query = query.slice(0, MAX_QUERY_LENGTH).trim();
  }

  let type: SearchType = location ? "location" : "all";
  const rawType = params.get("type");
  if (rawType) {
    if ((SEARCH_TYPES as readonly string[]).includes(rawType)) type = rawType as SearchType;
    else
      problems.push(`Unknown search type '${rawType.slice(0, 30)}': use one of ${SEARCH_TYPES.join(", ")}.`);
  }

  const number = query ? registrationNumberIn(query) : null;
  if (!number) return { query, type };
  return {
    query: number.number,
    type: "registration",
    ...(query !== number.number ? { typed: query } : {}),
    ...(type !== "registration" ? { askedType: type } : {}),
  };
}

const DEGREES = /^\s*[+-]?\d{1,3}(\.\d{1,15})?\s*$/;
const MILES = /^\s*\d{1,6}(\.\d{1,6})?\s*$/;

/** near, lat/lng and radius; what is wrong goes to `problems`, and is left out. */
function parseLocation(
  params: URLSearchParams,
  rule: RadiusRule,
  problems: string[],
): Pick<SearchInput, "near" | "lat" | "lng" | "radius"> {
  const out: Pick<SearchInput, "near" | "lat" | "lng" | "radius"> = {};
  let near = (params.get("near") ?? "").replace(/\s+/g, " ").trim();
  if (near.length > MAX_QUERY_LENGTH) {
    problems.push(`The place (near) is limited to ${MAX_QUERY_LENGTH} characters.`);
    near = near.slice(0, MAX_QUERY_LENGTH).trim();
  }

  const degrees = (name: "lat" | "lng", limit: number, example: string): number | undefined => {
    const raw = params.get(name);
    if (raw === null || raw.trim() === "") return undefined;
    const value = DEGREES.test(raw) ? Number(raw) : Number.NaN;
    if (Number.isFinite(value) && Math.abs(value) <= limit) return value;
    problems.push(
      `${name} must be a number of degrees from -${limit} to ${limit} (WGS84, as a phone gives it), e.g. ${name}=${example}.`,
    );
    return Number.NaN;
  };
  const lat = degrees("lat", 90, "53.8008");
  const lng = degrees("lng", 180, "-1.5491");
  if ((lat === undefined) !== (lng === undefined))
    problems.push("A position needs both lat and lng (WGS84 degrees), e.g. lat=53.8008&lng=-1.5491.");
  else if (lat !== undefined && lng !== undefined && !Number.isNaN(lat) && !Number.isNaN(lng)) {
    if (near) problems.push("Search around a place (near) or a position (lat and lng), not both.");
    else {
      out.lat = lat;
      out.lng = lng;
    }
  }
  if (near && out.lat === undefined) out.near = near;

  const rawRadius = params.get("radius");
  if (rawRadius !== null && rawRadius.trim() !== "") {
    const value = MILES.test(rawRadius) ? Number(rawRadius) : Number.NaN;
    const allowed =
      rule === "page"
        ? (SEARCH_RADII as readonly number[]).includes(value)
        : value >= MIN_RADIUS_MILES && value <= MAX_RADIUS_MILES;
    if (allowed) out.radius = value;
    else
      problems.push(
        rule === "page"
          ? `The radius must be ${SEARCH_RADII.slice(0, -1).join(", ")} or ${SEARCH_RADII.at(-1)} miles.`
          : `The radius must be a number of miles from ${MIN_RADIUS_MILES} to ${MAX_RADIUS_MILES}.`,
      );
  }
  return out;
}

/** The radius a search uses (miles). */
export function radiusOf(input: Pick<SearchInput, "radius">): number {
  return input.radius ?? DEFAULT_RADIUS_MILES;
}

/** 'a,b' and repeated params alike; trimmed, de-duplicated, in a stable order. */
export function parseServices(values: string[]): string[] {
  const set = new Set<string>();
  for (const value of values)
    for (const part of value.split(",")) {
      const s = part.trim().slice(0, 60);
      if (s) set.add(s);
    }
  return [...set].sort();
}

/** The query string for a search (used by links, pagination and the services filter). */
export function searchHref(input: Partial<SearchInput>, options: { location?: string } = {}): string {
  const params = new URLSearchParams();
  const base = options.location
    ? `/search-results/${encodeURIComponent(options.location)}`
    : "/search-results";
  if (input.query && !options.location) params.set("query", input.query);
  if (input.type && !(options.location ? input.type === "location" : input.type === "all"))
    params.set("type", input.type);
  if (input.services?.length) params.set("services", input.services.join(","));
  if (input.sort && (input.sort !== "claimed" || input.sortChosen)) params.set("sort", input.sort);
  const type = input.type ?? (options.location ? "location" : "all");
  if (
    input.hideExpired !== undefined &&
    input.hideExpired !== defaultHideExpired(type, hasExplicitLocation(input))
  )
    params.set("hideExpired", input.hideExpired ? "1" : "0");
  if (input.tier && input.tier !== "any") params.set("tier", input.tier);
  if (input.near) params.set("near", input.near);
  else if (input.lat !== undefined && input.lng !== undefined) {
    params.set("lat", String(input.lat));
    params.set("lng", String(input.lng));
  }
  if (input.radius !== undefined && input.radius !== DEFAULT_RADIUS_MILES)
    params.set("radius", String(input.radius));
  if (input.page && input.page > 1) params.set("page", String(input.page));
  const qs = params.toString();
  return qs ? `${base}?${qs}` : base;
}

/**
 * How numbers (and postcodes) compare: without spaces and case ('cbdu 123' = 'CBDU123'). A
 * well-formed England/Wales number also without hyphens and dashes ('cbdu-999 0001' =
 * 'CBDU9990001'), as parseRegistrationNumber reads it; anything else keeps its hyphens, as the
 * directory's registration_key does (spaces removed only).
 */
export function registrationKey(query: string): string {
  const parsed = parseRegistrationNumber(query);
  return parsed.kind === "ea" ? parsed.number : query.replace(/\s+/g, "").toUpperCase();
}

/**
 * The text a licence check's number was read out of, when it held more than the number
 * ('Reg: CBDU123456.', not 'cbdu 123 456'): the page says which number it checked.
 */
export function numberReadFrom(input: Pick<SearchInput, "typed">): string | null {
  if (!input.typed) return null;
  const whole = parseRegistrationNumber(input.typed).kind;
  return whole === "ea" || whole === "other" ? null : input.typed;
}

/** The spec's rule: an exact licence check only for queries longer than 5 characters. */
export function isLicenceCheck(input: Pick<SearchInput, "type" | "query">): boolean {
  return input.type === "registration" && registrationKey(input.query).length > 5;
}
