/**
 * How the directory's pages say counts and places: singular or plural ("1 provider",
 * "12 providers"), a "+" only when counting stopped at the cap ("1,000+"), and places as people
 * write them (towns in title case, postcodes in capitals: "LA9 6ND"). Pure (pages and server).
 */
import { titleCase } from "./provider";

// One formatter for counts that are not whole numbers: toLocaleString builds a new one on each
// call (issue 18).
const COUNT_FORMAT = new Intl.NumberFormat("en-GB");

/** "1,234", or "1,000+" when the count stopped at the cap. */
export function countNumber(count: number, capped = false): string {
  // A whole count is grouped in threes by hand, as en-GB does: ICU's format of a small integer
  // cost more than the rest of the page's wording (issue 18).
  const text = Number.isSafeInteger(count)
    ? String(count).replace(/\B(?=(\d{3})+$)/g, ",")
    : COUNT_FORMAT.format(count);
  return capped ? `${text}+` : text;
}

/** "1 provider", "2 providers", "1,000+ providers" (a capped count is always plural). */
export function countOf(count: number, one: string, many: string, capped = false): string {
  return `${countNumber(count, capped)} ${count === 1 && !capped ? one : many}`;
}

/** The verb that goes with a count: "1 carrier matches", "3 carriers match". */
export function agrees(count: number, one: string, many: string, capped = false): string {
  return count === 1 && !capped ? one : many;
}

const FULL_POSTCODE = /^([A-Z]{1,2}\d[A-Z\d]?)(\d[A-Z]{2})$/;
/** A postcode, an outward code or the start of one: 'LA9 6ND', 'la9', 'M14 5'. */
const POSTCODE_LIKE = /^[A-Z]{1,2}\d[A-Z\d]?(\d[A-Z]{0,2})?$/;

/** True when a query reads as a postcode or part of one (the search reads it that way too). */
export function looksLikePostcode(query: string): boolean {
  return POSTCODE_LIKE.test(query.replace(/\s+/g, "").toUpperCase());
}

/**
 * A place as a heading or title shows it: a postcode in capitals with its space ('la96nd' ->
 * 'LA9 6ND', 'm14 5' -> 'M14 5'), anything else as a town name in title case.
 */
export function placeLabel(query: string): string {
  const trimmed = query.trim().replace(/\s+/g, " ");
  if (!looksLikePostcode(trimmed)) return titleCase(trimmed);
  const compact = trimmed.replace(/\s+/g, "").toUpperCase();
  const full = FULL_POSTCODE.exec(compact);
  return full ? `${full[1]} ${full[2]}` : trimmed.toUpperCase();
}

/** A distance as a card says it: "2.3 miles", "1 mile", "Less than 0.1 miles". */
export function formatMiles(miles: number): string {
  const rounded = Math.round(miles * 10) / 10;
  if (rounded < 0.1) return "Less than 0.1 miles";
  if (rounded === 1) return "1 mile";
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)} miles`;
}
