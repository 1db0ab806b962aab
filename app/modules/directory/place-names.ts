/**
 * Place names as people type them and as the register writes them, brought to one form (pure;
 * used by the server's place resolution and safe for the browser).
 *
 * - townKey: "stoke on trent", "Stoke-on-Trent" and "STOKE ON TRENT" are one town; so are
 *   "St Albans", "St. Albans" and "Saint Albans", "King's Lynn" and "Kings Lynn", "Brighton & Hove"
 *   and "Brighton and Hove". The places table is keyed by it, and rebuildPlaces computes the same
 *   key in SQL (townKeySql in places.server.ts; a test checks the two agree on both databases).
 * - parsePostcodeQuery: a UK postcode query ('ls11aa', 'LS1  1AA', 'ls1 1', 'LS1') as a full
 *   postcode, a sector or a district, in the canonical spaced form the places table uses.
 */

/**
 * Accented letters folded to their ASCII base letter, both cases (Welsh and the common Latin
 * ones). Lists of equal length, used by townKey and by `translate()` in SQL, so that both give
 * the same key whatever the database's locale.
 */
export const FOLD_FROM = "àáâãäåāèéêëēìíîïīòóôõöōùúûüūŵŷÿýçñÀÁÂÃÄÅĀÈÉÊËĒÌÍÎÏĪÒÓÔÕÖŌÙÚÛÜŪŴŶŸÝÇÑİ";
/** Each of FOLD_FROM without its accent ('ŵ' -> 'w', 'Â' -> 'A'). */
export const FOLD_TO = [...FOLD_FROM].map((c) => c.normalize("NFD")[0]).join("");
/** Apostrophes removed (not turned into a space): "King's" is "kings". */
export const APOSTROPHES = "'’‘`´";

const FOLD = new Map([...FOLD_FROM].map((c, i) => [c, FOLD_TO[i]]));
const APOSTROPHE_RE = new RegExp(`[${APOSTROPHES}]`, "g");

/**
 * The key of a town name: ASCII letters and digits in lower case, words separated by one space,
 * '&' read as 'and', 'St'/'St.' read as 'saint'. Anything else (hyphens, dots, commas, other
 * scripts) separates words. '' when nothing is left.
 */
export function townKey(name: string): string {
  const folded = [...name].map((c) => FOLD.get(c) ?? c).join("");
  const words = folded
    // ASCII only (not toLowerCase): SQL's lower() depends on the database's locale.
    .replace(/[A-Z]/g, (c) => c.toLowerCase())
    .replace(APOSTROPHE_RE, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
  return ` ${words} `.replace(/ st(?= )/g, " saint").trim();
}

export type PostcodeKind = "postcode" | "sector" | "district";

export interface PostcodeQuery {
  kind: PostcodeKind;
  /** The canonical form, which is the places table's key and label: 'LS1 1AA', 'LS1 1', 'LS1'. */
  key: string;
  /** The outward code: 'LS1'. */
  district: string;
  /** 'LS1 1' for a full postcode or a sector. */
  sector?: string;
  /** 'LS11AA' (directory_entries.postcode_key form), full postcodes only. */
  compact?: string;
}

/** An outward code: A9, A99, A9A, AA9, AA99, AA9A. */
const DISTRICT = /^[A-Z]{1,2}[0-9][A-Z0-9]?$/;
const FULL = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9])([A-Z]{2})$/;
const SECTOR_COMPACT = /^([A-Z]{1,2}[0-9][A-Z0-9]?)([0-9])$/;

/**
 * A postcode query, or null when the text is not one. Case, missing and repeated spaces do not
 * matter ('ls11aa', 'LS1  1AA' are LS1 1AA). Without a space, 'LS11' is the district LS11 (not
 * the sector LS1 1: people type districts), 'LS111' the sector LS11 1. An inward code with one
 * letter ('LS1 1A') is read as its sector.
 */
export function parsePostcodeQuery(text: string): PostcodeQuery | null {
  const cleaned = text.toUpperCase().replace(/\s+/g, " ").trim();
  if (!cleaned || cleaned.length > 10) return null;
  const compact = cleaned.replace(/ /g, "");
  const full = FULL.exec(compact);
  if (full) {
    const [, out, digit, letters] = full;
    return {
      kind: "postcode",
      key: `${out} ${digit}${letters}`,
      district: out,
      sector: `${out} ${digit}`,
      compact,
    };
  }
  const parts = cleaned.split(" ");
  if (parts.length === 2) {
    const [out, inward] = parts;
    if (DISTRICT.test(out) && /^[0-9][A-Z]?$/.test(inward)) {
      const sector = `${out} ${inward[0]}`;
      return { kind: "sector", key: sector, district: out, sector };
    }
    return null;
  }
  if (parts.length !== 1) return null;
  if (DISTRICT.test(compact)) return { kind: "district", key: compact, district: compact };
  const sector = SECTOR_COMPACT.exec(compact);
  if (sector) {
    const key = `${sector[1]} ${sector[2]}`;
    return { kind: "sector", key, district: sector[1], sector: key };
  }
  return null;
}
