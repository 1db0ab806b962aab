/**
 * Which page of a search's matches a statement reads (decision 0236). Pages stop at the count's
 * cap (SEARCH_COUNT_CAP, "1000+"), and a page past the end answers the last page rather than
 * nothing. The statement works the last page out from its own count, so that a page past the end
 * (an old link, a result set that shrank at a sync, a crawler's page=999) is one round trip, not
 * one to learn the count and another to read the page.
 */
import { sql, type RawBuilder } from "kysely";
import { SEARCH_COUNT_CAP } from "./constants";

/** The page asked for, within the pages the cap allows (1-based). */
export function requestedPage(page: number, size: number): number {
  return Math.min(page, Math.ceil(SEARCH_COUNT_CAP / size));
}

/** The last page there is for `total` matches (at least 1), never past the cap. */
export function lastPageOf(total: number, size: number): number {
  return Math.max(1, Math.ceil(Math.min(total, SEARCH_COUNT_CAP) / size));
}

/**
 * The OFFSET of the page at `offset`, or of the last page when that is past the end of `total`
 * (an SQL expression counting the matches): the statement's text is the same for every page.
 */
export function pageOffsetSql(total: RawBuilder<unknown>, offset: number, size: number): RawBuilder<number> {
  return sql<number>`LEAST(${offset}::int, GREATEST(0, (LEAST(${total}, ${sql.lit(SEARCH_COUNT_CAP)}) - 1) / ${size}::int) * ${size}::int)`;
}
