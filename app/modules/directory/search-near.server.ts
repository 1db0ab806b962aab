/**
 * The carriers around a point, nearest first (issue 16, decision 0214): the SQL of a search
 * around a place, run by searchProviders (the one search of the page and the API).
 *
 * The rows with coordinates are read from the GiST index on directory_entries.location
 * (migration 1030) in distance order: `location <@ circle(point, radius)` is the radius cut (an
 * index condition, so the scan stops at the radius) and `ORDER BY location <-> point` the
 * k-nearest order; like every search source it stops after SEARCH_COUNT_CAP + 1 rows (counts stop
 * at "1000+", decision 0202). Rows without coordinates that match the place by text (a Leeds
 * carrier with no Easting/Northing in a Leeds search) come after them, without a distance.
 * Verified claimed listings are read by a source of their own when the order is claimed first or
 * services are chosen (as in the text search, decision 0201). One statement per page.
 *
 * The planner cannot estimate how many rows a circle holds (it assumes a fixed 0.1% of the
 * table), so when it may sort the circle itself it reads every row in it (26,000 around Leeds at
 * 300,000 rows) and sorts them, instead of the k-nearest scan that stops after the page. The
 * nearest rows are therefore asked for in the one order the k-nearest scan gives, distance alone
 * (`ORDER BY location <-> point`, the ties at the last one kept: FETCH FIRST … WITH TIES), and
 * ordered by distance and number after that: nothing is left for the planner to sort but the
 * page, and each search is one statement in one round trip, with no session settings
 * (decision 0220; before it, SET LOCAL enable_bitmapscan = off in a transaction of its own).
 */
import { sql, type RawBuilder } from "kysely";
import { prepared, type Database } from "~/platform/db/database.server";
import { milesFromMetres } from "./british-grid";
import { HIDDEN_COUNT_CAP, SEARCH_COUNT_CAP, type SearchSort } from "./constants";
import type { Provider } from "./provider";
import { claimedJoin, providerColumns, toProvider, type ProviderRow } from "./provider-row.server";
import type { UnlocatedMatch } from "./search-location.server";
import { lastPageOf, pageOffsetSql, requestedPage } from "./search-page.server";

export interface NearPlan {
  easting: number;
  northing: number;
  radiusMetres: number;
  unlocated: UnlocatedMatch;
  /** What every row must also meet: the registration filters (alias d). */
  filter: RawBuilder<boolean>;
  /**
   * A registration in force (alias d): only a claimed listing in force is ranked as claimed
   * (decision 0278). The search always gives it; without it (a nearest-first read that ranks no
   * claimed listing) every verified one would be.
   */
  inForce?: RawBuilder<boolean>;
  /** A name filter (the query's words, when a place was given apart): alias d. */
  match: RawBuilder<boolean> | null;
  services: string[];
  sort: SearchSort;
  /** The expired registrations the same search would have found, to count (alias d), or null. */
  hidden: RawBuilder<boolean> | null;
  /**
   * The expired registrations among those shown, to count up to the cap (alias d), or null when
   * none can be (expired ones hidden, or lower tier only): the others are the licensed ones.
   */
  expiredShown?: RawBuilder<boolean> | null;
}

const limit = SEARCH_COUNT_CAP + 1;
const hiddenLimit = HIDDEN_COUNT_CAP + 1;

/** The rows without coordinates that a place names by text (alias d), or null for none. */
function unlocatedSql(unlocated: UnlocatedMatch): RawBuilder<boolean> | null {
  if (!unlocated) return null;
  if ("townKeys" in unlocated) return sql<boolean>`d.town_key = ANY(${sql.val(unlocated.townKeys)}::text[])`;
  if ("postcodeKey" in unlocated) return sql<boolean>`d.postcode_key = ${unlocated.postcodeKey}`;
  return sql<boolean>`d.postcode_key LIKE ${unlocated.postcodeLike}`;
}

/**
 * The candidate rows: (registration_number, metres, name), metres NULL for rows without
 * coordinates. `ordered` false (for counting): any rows within the radius, not the nearest, up to
 * the cap; an unordered scan stops sooner than a nearest-first one (counting the expired ones
 * around a city reads the circle until 1,001 of them are found).
 */
function candidates(plan: NearPlan, ordered = true, cap = limit, prefix = ""): RawBuilder<unknown> {
  const cand = sql.id(`${prefix}cand`);
  const uniqueCand = sql.id(`${prefix}unique_cand`);
  const best = sql.id(`${prefix}best`);
  const point = sql`point(${plan.easting}::float8, ${plan.northing}::float8)`;
  const circle = sql`circle(${point}, ${plan.radiusMetres}::float8)`;
  const match = plan.match ? sql`AND ${plan.match}` : sql``;
  const unlocated = unlocatedSql(plan.unlocated);
  const sources: RawBuilder<unknown>[] = [];
  if (!plan.services.length) {
    // ord: the rank by distance, to make room for the carriers without coordinates (below).
    sources.push(sql`(SELECT registration_number, metres, name,
        row_number() OVER (ORDER BY metres, registration_number) AS ord
      FROM (SELECT d.registration_number, d.location <-> ${point} AS metres, NULL::text AS name
        FROM directory_entries d
        WHERE d.on_register AND d.location <@ ${circle} AND ${plan.filter} ${match}
        ${ordered ? sql`ORDER BY d.location <-> ${point}` : sql``}
        LIMIT ${sql.lit(cap)}) nearest)`);
    if (unlocated)
      sources.push(sql`(SELECT d.registration_number, NULL::float8 AS metres, d.business_name AS name,
          NULL::bigint AS ord
        FROM directory_entries d
        WHERE d.on_register AND ${unlocated} AND d.location IS NULL AND ${plan.filter} ${match}
        ORDER BY d.business_name, d.registration_number
        LIMIT ${sql.lit(cap)})`);
  }
  if (plan.sort === "claimed" || plan.services.length) {
    const servicesFilter = plan.services.length
      ? sql`AND cl.services && ${sql.val(plan.services)}::text[]`
      : sql``;
    const where = unlocated
      ? sql`(d.location <@ ${circle} OR (d.location IS NULL AND ${unlocated}))`
      : sql`d.location <@ ${circle}`;
    sources.push(sql`(SELECT d.registration_number, d.location <-> ${point} AS metres, d.business_name AS name,
        NULL::bigint AS ord
      FROM claimed_listings cl
      -- LATERAL: one primary-key probe per claimed listing, never a scan of every match.
      CROSS JOIN LATERAL (SELECT d.registration_number, d.location, d.business_name FROM directory_entries d
        WHERE d.registration_number = cl.registration_number AND d.on_register AND ${where}
          AND ${plan.filter} ${match} LIMIT 1) d
      WHERE cl.verified AND cl.suspended_at IS NULL ${servicesFilter})`);
  }
  // The carriers without coordinates come after those with, and must still be within the pages
  // (pages stop at SEARCH_COUNT_CAP): the farthest of the nearest make room for them in `best`,
  // the rows ranked; the count is of every candidate (so it still says "1000+"). A claimed
  // listing read by its own source is never left out (as in the text search).
  return sql`${cand} AS (${sql.join(sources, sql` UNION ALL `)}),
    ${uniqueCand} AS (SELECT DISTINCT ON (registration_number) registration_number, metres, name, ord FROM ${cand}
      ORDER BY registration_number, ord NULLS FIRST),
    ${best} AS (SELECT registration_number, metres, name FROM ${uniqueCand}
      WHERE ord IS NULL OR ord <= ${sql.lit(SEARCH_COUNT_CAP)} - (SELECT count(*) FROM ${uniqueCand} WHERE metres IS NULL))`;
}

export type NearProvider = Provider & { distanceMiles: number | null };

export interface NearPage {
  providers: NearProvider[];
  /** Every candidate, up to each source's cap (SEARCH_COUNT_CAP + 1). */
  total: number;
  currentPage: number;
  /** The expired ones the same search would have found (plan.hidden), up to HIDDEN_COUNT_CAP + 1. */
  hidden: number;
  /** The expired ones among the candidates (plan.expiredShown), up to the cap; 0 without it. */
  expiredShown: number;
}

function toNearProviders(rows: (ProviderRow & { metres: number | null })[]): NearProvider[] {
  return rows.map(({ metres, ...row }) => ({
    ...toProvider(row),
    distanceMiles: metres === null || metres === undefined ? null : milesFromMetres(Number(metres)),
  }));
}

/** A page of a search around a place: nearest first (claimed first before that, if so sorted). */
export async function runNearPlan(
  db: Database,
  plan: NearPlan,
  page: { page: number; size: number },
): Promise<NearPage> {
  if (!plan.services.length && plan.sort !== "claimed") return runDistancePlan(db, plan, page);
  return runMergedPlan(db, plan, page);
}

/** Rows of the circle (alias d) meeting `filter`, counted up to the cap: any rows, not the nearest. */
function countInCircle(
  plan: NearPlan,
  circle: RawBuilder<unknown>,
  filter: RawBuilder<boolean>,
  cap = limit,
) {
  const match = plan.match ? sql`AND ${plan.match}` : sql``;
  return sql<number>`(SELECT count(*) FROM (SELECT 1 FROM directory_entries d
    WHERE d.on_register AND d.location <@ ${circle} AND ${filter} ${match} LIMIT ${sql.lit(cap)}) n)`;
}

/** Rows without coordinates that the place names (alias d) meeting `filter`, up to the cap. */
function countUnlocated(plan: NearPlan, filter: RawBuilder<boolean>, cap = limit) {
  const unlocated = unlocatedSql(plan.unlocated);
  if (!unlocated) return sql<number>`0`;
  const match = plan.match ? sql`AND ${plan.match}` : sql``;
  return sql<number>`(SELECT count(*) FROM (SELECT 1 FROM directory_entries d
    WHERE d.on_register AND ${unlocated} AND d.location IS NULL AND ${filter} ${match} LIMIT ${sql.lit(cap)}) n)`;
}

/** The expired ones in the circle and among the place's rows without coordinates (plan.expiredShown), counted as the distance plan counts its candidates; `0` without it. */
function countExpiredShown(plan: NearPlan, circle: RawBuilder<unknown>): RawBuilder<number> {
  if (!plan.expiredShown) return sql<number>`0`;
  const expired = sql<boolean>`${plan.filter} AND ${plan.expiredShown}`;
  return sql<number>`${countInCircle(plan, circle, expired)} + ${countUnlocated(plan, expired)}`;
}

/**
 * The common search around a place (sorted by distance, no services): one statement that reads
 * only the page's nearest rows from the k-nearest scan (offset + size of them, not 1,001) and
 * counts the candidates and the hidden expired ones with unordered scans that stop at the cap.
 * The carriers without coordinates come after those with; the farthest of the nearest make room
 * for them within the cap, as in the merged plan below. The two sources are disjoint (a row has
 * coordinates or not), so nothing needs removing twice.
 */
async function runDistancePlan(
  db: Database,
  plan: NearPlan,
  page: { page: number; size: number },
): Promise<NearPage> {
  const point = sql`point(${plan.easting}::float8, ${plan.northing}::float8)`;
  const circle = sql`circle(${point}, ${plan.radiusMetres}::float8)`;
  const match = plan.match ? sql`AND ${plan.match}` : sql``;
  const unlocated = unlocatedSql(plan.unlocated);
  const pageQuery = (offset: number) => {
    // Page sizes and offsets are parameters: one statement text (prepared once) for every page.
    // Past the end, the last page (search-page.server.ts): `at` is the offset read.
    const at = sql`(SELECT off FROM at)`;
    const upTo = sql`(${at} + ${page.size}::int)`;
    return sql<NearRow>`
    WITH counts AS (SELECT ${countInCircle(plan, circle, plan.filter)} AS located,
        ${countUnlocated(plan, plan.filter)} AS unlocated,
        ${plan.hidden ? sql`${countInCircle(plan, circle, plan.hidden, hiddenLimit)} + ${countUnlocated(plan, plan.hidden, hiddenLimit)}` : sql`0`} AS hidden,
        ${countExpiredShown(plan, circle)} AS expired_shown),
    at AS (SELECT ${pageOffsetSql(sql`(located + unlocated)`, offset, page.size)} AS off FROM counts),
    nearest AS (SELECT * FROM (SELECT d.registration_number, d.location <-> ${point} AS metres, NULL::text AS name
        FROM directory_entries d
        WHERE d.on_register AND d.location <@ ${circle} AND ${plan.filter} ${match}
        ORDER BY d.location <-> ${point}
        FETCH FIRST (GREATEST(0, LEAST(${upTo}, ${sql.lit(SEARCH_COUNT_CAP)} - (SELECT unlocated FROM counts)))) ROWS WITH TIES) k
      ORDER BY metres, registration_number
      LIMIT GREATEST(0, LEAST(${upTo}, ${sql.lit(SEARCH_COUNT_CAP)} - (SELECT unlocated FROM counts)))),
    ${
      unlocated
        ? sql`without AS (SELECT d.registration_number, NULL::float8 AS metres, d.business_name AS name
      FROM directory_entries d
      WHERE d.on_register AND ${unlocated} AND d.location IS NULL AND ${plan.filter} ${match}
      ORDER BY d.business_name, d.registration_number LIMIT ${upTo}),`
        : sql`without AS (SELECT NULL::text AS registration_number, NULL::float8 AS metres, NULL::text AS name WHERE false),`
    }
    page AS (SELECT * FROM (SELECT * FROM nearest UNION ALL SELECT * FROM without) c
      ORDER BY metres ASC NULLS LAST, name, registration_number LIMIT ${page.size}::int OFFSET ${at})
    SELECT ${providerColumns}, page.metres, (counts.located + counts.unlocated)::int AS total,
      counts.hidden::int AS hidden, counts.expired_shown::int AS expired_shown
    FROM counts LEFT JOIN page ON true
      LEFT JOIN directory_entries d ON d.registration_number = page.registration_number ${claimedJoin}
    ORDER BY page.metres ASC NULLS LAST, page.name, page.registration_number`;
  };
  return readPage(db, pageQuery, page);
}

/**
 * A page when claimed listings are a source of their own (claimed first, or services chosen), with
 * the count, the expired ones the same search would have found and the expired ones among the
 * candidates (read by their keys: a services search's candidates are its claimed listings only):
 * one statement, whose one row without a listing still carries the counts when the page is past
 * the end.
 */
async function runMergedPlan(
  db: Database,
  plan: NearPlan,
  page: { page: number; size: number },
): Promise<NearPage> {
  const claimedFirst = plan.sort === "claimed";
  const order = claimedFirst
    ? sql`claimed DESC, metres ASC NULLS LAST, name, registration_number`
    : sql`metres ASC NULLS LAST, name, registration_number`;
  const hidden = plan.hidden
    ? sql`${candidates({ ...plan, filter: plan.hidden }, false, hiddenLimit, "hidden_")},`
    : sql``;
  const pageQuery = (offset: number) => sql<NearRow>`
    WITH ${candidates(plan)}, ${hidden}
    ranked AS (
      SELECT b.registration_number, b.metres, b.name, ${
        claimedFirst
          ? sql`EXISTS (SELECT 1 FROM claimed_listings c
              JOIN directory_entries d ON d.registration_number = c.registration_number
              WHERE c.registration_number = b.registration_number AND c.verified AND c.suspended_at IS NULL
                ${plan.inForce ? sql`AND ${plan.inForce}` : sql``})`
          : sql`false`
      } AS claimed
      FROM best b
    ),
    page AS (SELECT * FROM ranked ORDER BY ${order} LIMIT ${page.size}::int
      OFFSET ${pageOffsetSql(sql`(SELECT count(*) FROM unique_cand)`, offset, page.size)})
    SELECT ${providerColumns}, page.metres, (SELECT count(*) FROM unique_cand)::int AS total,
      ${plan.hidden ? sql`(SELECT count(*) FROM hidden_unique_cand)` : sql`0`}::int AS hidden,
      ${
        plan.expiredShown
          ? sql`(SELECT count(*) FROM unique_cand u JOIN directory_entries d ON d.registration_number = u.registration_number
              WHERE ${plan.expiredShown})`
          : sql`0`
      }::int AS expired_shown
    FROM (SELECT 1) one LEFT JOIN page ON true
      LEFT JOIN directory_entries d ON d.registration_number = page.registration_number ${claimedJoin}
    ORDER BY ${claimedFirst ? sql`page.claimed DESC, ` : sql``}page.metres ASC NULLS LAST, page.name, page.registration_number`;

  return readPage(db, pageQuery, page);
}

type NearRow = ProviderRow & { metres: number | null; total: number; hidden: number; expired_shown: number };

/**
 * Runs a page statement (prepared) whose rows carry the counts, and whose one row without a
 * listing still carries them; past the end, the statement has read the last page instead.
 */
async function readPage(
  db: Database,
  pageQuery: (offset: number) => RawBuilder<NearRow>,
  page: { page: number; size: number },
): Promise<NearPage> {
  const requested = requestedPage(page.page, page.size);
  const { rows } = await prepared(pageQuery((requested - 1) * page.size)).execute(db);
  const { total, hidden, expired_shown: expiredShown } = rows[0] ?? { total: 0, hidden: 0, expired_shown: 0 };
  const currentPage = Math.min(requested, lastPageOf(total, page.size));
  const found = rows.filter((r) => r.registration_number !== null);
  return {
    providers: toNearProviders(found.map(({ total: _t, hidden: _h, expired_shown: _e, ...row }) => row)),
    total,
    currentPage,
    hidden,
    expiredShown,
  };
}
