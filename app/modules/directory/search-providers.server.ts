/**
 * The one search of the directory, used by the results page and by GET /api/v1/providers.
 *
 * How it stays fast at a million rows (docs/decisions/0201-search-sql.md): every way a row can
 * match is a "source" that reads an index in result order and stops after SEARCH_COUNT_CAP + 1
 * rows; the sources are merged, each row keeping its best score, and the page is cut from that
 * small set. Verified claimed listings are few, so with the default sort (claimed first) they
 * are all read by a source of their own. Counts stop at the cap ("1000+").
 *
 * A search around a place (decision 0214) — a position (lat/lng), a place given as `near`, or a
 * query that names a known place ('LS1 1AA', 'stoke on trent') — reads the carriers within the
 * radius nearest first instead (search-near.server.ts); a query that names no known place is
 * searched as text, as before.
 */
import { ukToday } from "~/platform/dates";
import { sql, type RawBuilder } from "kysely";
import { prepared, type Database } from "~/platform/db/database.server";
import { METRES_PER_MILE } from "./british-grid";
import {
  HIDDEN_COUNT_CAP,
  SEARCH_CACHE_TTL_MS,
  SEARCH_COUNT_CAP,
  type SearchSort,
  type SearchType,
} from "./constants";
import type { Provider } from "./provider";
import { claimedJoin, providerColumns, toProvider, type ProviderRow } from "./provider-row.server";
import { getRemovedRegistration, type RemovedRegistration } from "./get-removed-registration.server";
import { parseRegistrationNumber, type OtherRegulator } from "./registration";
import { allOf, expiredSql, inForceSql, tierSql } from "./registration-sql.server";
import { defaultSort, isLicenceCheck, registrationKey, type SearchInput } from "./search-input";
import {
  resolveSearchLocation,
  unknownQueryPlace,
  type ResolvedSearchLocation,
  type SearchLocation,
} from "./search-location.server";
import { clearResolvedPlaces } from "./places.server";
import { runNearPlan, type NearPlan } from "./search-near.server";
import { directoryCaches } from "./ttl-cache";
import { clearCompletions, nameQuery, tsQueryText, type NameQuery } from "./name-query.server";
import { likePrefix } from "~/platform/db/like";
import { lastPageOf, pageOffsetSql, requestedPage } from "./search-page.server";

export type { SearchLocation, SearchPlace } from "./search-location.server";

/** A provider as a search answers it: in a search around a place, with its distance. */
export type SearchProvider = Provider & {
  /**
   * Miles from the place searched around, to one decimal place; null for a carrier the place
   * names by text (its town or postcode) that has no coordinates. Only in searches around a place.
   */
  distanceMiles?: number | null;
};

export interface SearchResult {
  providers: SearchProvider[];
  /** Matches counted, up to SEARCH_COUNT_CAP (then countCapped is true: show "N+"). */
  totalCount: number;
  countCapped: boolean;
  /**
   * The matches whose registration is in force (valid, or lower tier): totalCount without the
   * expired ones shown with it (decision 0278). Only these are "licensed"; with expired ones hidden
   * it is totalCount. Counted among the same matches, so countCapped applies to it too.
   */
  inForceCount: number;
  pageCount: number;
  currentPage: number;
  pageSize: number;
  /**
   * For a licence check (registration search longer than 5 characters): the listing whose number
   * matches exactly, or null. Undefined for other searches.
   */
  licence?: Provider | null;
  /**
   * For a licence check, the number checked as the registers write it ('CBDU123456',
   * 'WCR/R/1234567'), read from the query (decision 0277).
   */
  licenceNumber?: string;
  /**
   * For a licence check of a number no longer on the register (a full sync no longer found it):
   * whose it was and since when, so the answer says "no longer on the register", not that no such
   * number exists. Read only when the number is not on the register.
   */
  licenceRemoved?: RemovedRegistration;
  /**
   * A licence check for a number of another UK register (Scotland, Northern Ireland): who keeps
   * that register. This directory holds the Environment Agency's register (England and Wales).
   */
  otherRegister?: { number: string } & OtherRegulator;
  /**
   * With hideExpired: how many expired registrations matched and were left out (counted up to
   * SEARCH_COUNT_CAP, then hiddenExpiredCapped is true). 0 when nothing was hidden.
   */
  hiddenExpired: number;
  hiddenExpiredCapped: boolean;
  /** Query words replaced by their nearest known word when the words as typed found too little. */
  corrections?: Record<string, string>;
  /**
   * The order applied: 'distance' (nearest first) for a search around a place unless another
   * sort was chosen; otherwise the sort asked for ('distance' without a place is 'claimed').
   */
  sort: SearchSort;
  /**
   * The place the search is around ('found': its label, kind, grid and WGS84 position, and the
   * radius), or why there is none: 'unknown' ("We couldn't find …", with suggestions) or
   * 'outside' (a position outside Great Britain). Absent for searches not about a place.
   */
  location?: SearchLocation;
}

// Scores: higher ranks first. Name matches score 100-199 depending on relevance.
const SCORE = {
  registrationExact: 1000,
  registrationPrefix: 500,
  townExact: 300,
  postcodeExact: 270,
  postcodeOutcode: 260,
  postcodePrefix: 250,
  townPrefix: 200,
  browse: 0,
} as const;

/**
 * The reads in flight per database, by key: visitors asking the same together share one read. A
 * change empties it with the cache, so a read that began before the change is answered to those
 * who asked for it but never kept (decision 0278, as the featured block does).
 */
const pending = new WeakMap<Database, Map<string, Promise<SearchResult>>>();
const results = directoryCaches<SearchResult>(SEARCH_CACHE_TTL_MS, 2000, (db) => pending.get(db)?.clear());

/** Forgets this process's cached results (tests). A change clears them on every instance: `directoryChanged`. */
export function clearSearchCache(db: Database): void {
  results.clear(db);
  pending.get(db)?.clear();
  clearCompletions(db);
  clearResolvedPlaces(db);
}

export async function searchProviders(
  db: Database,
  input: SearchInput,
  now: Date = new Date(),
): Promise<SearchResult> {
  // Today is in the key: what has expired changes at midnight.
  const today = ukToday(now);
  const key = JSON.stringify([
    input.query.toLowerCase(),
    input.type,
    input.services,
    input.page,
    input.size,
    input.sort,
    input.hideExpired,
    input.tier,
    input.sortChosen ?? false,
    input.near?.toLowerCase() ?? null,
    input.lat ?? null,
    input.lng ?? null,
    input.radius ?? null,
    today,
  ]);
  const cache = results.get(db);
  const hit = cache.get(key);
  if (hit) return hit;
  let reads = pending.get(db);
  if (!reads) pending.set(db, (reads = new Map()));
  const inFlight = reads.get(key);
  if (inFlight) return inFlight;
  const read = runSearch(db, input, today);
  reads.set(key, read);
  try {
    const result = await read;
    // Kept only if no change emptied the cache (and so `reads`) while it was read.
    if (reads.get(key) === read) cache.set(key, result);
    return result;
  } finally {
    if (reads.get(key) === read) reads.delete(key);
  }
}

interface Terms {
  /** lower-case, trimmed query (town_key form) */
  town: string;
  /** upper-case, no spaces (postcode_key and registration_key form) */
  compact: string;
  looksLikePostcode: boolean;
  looksLikeRegistration: boolean;
  /** A well-formed England/Wales number ('cbdu-999 0001'): searched by number whatever the type. */
  eaNumber: boolean;
  words: string[];
}

function termsOf(query: string): Terms {
  const compact = registrationKey(query);
  const words = tokenise(query);
  return {
    town: query.trim().toLowerCase(),
    compact,
    looksLikePostcode: /^[A-Z]{1,2}\d[A-Z\d]?(\d[A-Z]{0,2})?$/.test(compact),
    looksLikeRegistration:
      /^(CB|WC|EPR|SEPA|CAR|NIR|[A-Z]{2,4}\/)?[A-Z]*\d{2,}|^CBD[UL]?$/.test(compact) || /^\d+$/.test(compact),
    eaNumber: parseRegistrationNumber(query).kind === "ea",
    words,
  };
}

/** Words as the 'simple' text search configuration sees them: letters and digits, lower case. */
export function tokenise(query: string): string[] {
  const all = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const useful = all.filter((w) => w.length > 1);
  return (useful.length ? useful : all).slice(0, 8);
}

/**
 * ts_rank's weights for D, C, B and A: the vector's words carry no weight (D), and count as the
 * name's words did when they were weighted A (1.0), so a name's rank is what it was.
 */
const NAME_RANK_WEIGHTS = sql.raw("'{1,0.2,0.4,1}'::real[]");

/**
 * What a search asks of each row (alias d): `filter`, what every row must meet (the registration
 * filters); `expired`, whether the row's registration has expired, carried with each candidate so
 * that the claimed-first order and the count of licensed carriers leave expired ones out without
 * reading the rows again (decision 0278).
 */
interface RowRules {
  filter: RawBuilder<boolean>;
  expired: RawBuilder<boolean>;
}

interface Plan {
  sources: RawBuilder<unknown>[];
  /** The predicate a row must meet, for the claimed-listings source (alias d). */
  match: RawBuilder<boolean> | null;
  /** The score of a matching row, for the claimed-listings source. */
  score: RawBuilder<number>;
  /** A query was typed but nothing in it can match (e.g. '%'): the answer is no rows, never a browse. */
  nothing: boolean;
  /** What every row must also meet (the registration filters), and whether it has expired. */
  rows: RowRules;
}

/**
 * A source reading rows in order, numbered by that order. `rows.filter` (hide expired, tier) and
 * `rows.expired` read columns the ordered indexes INCLUDE (migration 1003), so they never cost a
 * heap fetch.
 */
function orderedSource(
  where: RawBuilder<boolean>,
  score: number,
  orderBy: RawBuilder<unknown>,
  rows: RowRules,
  cap: number,
): RawBuilder<unknown> {
  return sql`(SELECT registration_number, ${sql.lit(score)}::real AS score,
      row_number() OVER (ORDER BY ${orderBy}) AS ord, false AS via_claim, expired
    FROM (SELECT registration_number, business_name, town_key, postcode_key, registration_key,
        ${rows.expired} AS expired FROM directory_entries d
      WHERE d.on_register AND ${where} AND ${rows.filter} ORDER BY ${orderBy} LIMIT ${sql.lit(cap + 1)}) d)`;
}

/**
 * The sources of a search. `rows` is what every row must also meet (registration filters) and
 * whether it has expired; `hasQuery` says a query was typed, so that a query nothing can match
 * finds nothing; each source stops after `cap` + 1 rows.
 */
// eslint-disable-next-line max-lines-per-function -- one table of the search sources per search type (each case a few lines of SQL), read side by side; the cases share the terms and filter
function buildPlan(
  type: SearchType,
  terms: Terms,
  name: NameQuery | null,
  rows: RowRules,
  hasQuery: boolean,
  cap = SEARCH_COUNT_CAP,
): Plan {
  const sources: RawBuilder<unknown>[] = [];
  const predicates: RawBuilder<boolean>[] = [];
  const cases: RawBuilder<unknown>[] = [];
  const byName = sql`d.business_name, d.registration_number`;

  const wantRegistration =
    type === "registration" || (type === "all" && terms.looksLikeRegistration) || terms.eaNumber;
  const wantLocation = type === "location" || type === "all";
  const wantName = (type === "name" || type === "all") && name !== null;

  if (wantRegistration && terms.compact) {
    const prefix = likePrefix(terms.compact);
    sources.push(
      orderedSource(
        sql<boolean>`d.registration_key LIKE ${prefix}`,
        SCORE.registrationPrefix,
        sql`d.registration_key USING ~<~`,
        rows,
        cap,
      ),
    );
    if (terms.compact.length > 5) {
      sources.push(
        orderedSource(
          sql<boolean>`d.registration_key = ${terms.compact}`,
          SCORE.registrationExact,
          byName,
          rows,
          cap,
        ),
      );
      cases.push(sql`WHEN d.registration_key = ${terms.compact} THEN ${sql.lit(SCORE.registrationExact)}`);
    }
    predicates.push(sql<boolean>`d.registration_key LIKE ${prefix}`);
    cases.push(sql`WHEN d.registration_key LIKE ${prefix} THEN ${sql.lit(SCORE.registrationPrefix)}`);
  }

  if (wantLocation && terms.town) {
    const townPrefix = likePrefix(terms.town);
    sources.push(orderedSource(sql<boolean>`d.town_key = ${terms.town}`, SCORE.townExact, byName, rows, cap));
    // '~>~' (greater in byte order) skips the exact town, which the source above reads.
    sources.push(
      orderedSource(
        sql<boolean>`d.town_key ~>~ ${terms.town} AND d.town_key LIKE ${townPrefix}`,
        SCORE.townPrefix,
        sql`d.town_key USING ~<~, d.business_name, d.registration_number`,
        rows,
        cap,
      ),
    );
    predicates.push(sql<boolean>`d.town_key LIKE ${townPrefix}`);
    cases.push(sql`WHEN d.town_key = ${terms.town} THEN ${sql.lit(SCORE.townExact)}`);
    if (terms.looksLikePostcode) {
      const pcPrefix = likePrefix(terms.compact);
      const outcode = likePrefix(terms.compact).replace(/%$/, "___");
      sources.push(
        orderedSource(
          sql<boolean>`d.postcode_key = ${terms.compact}`,
          SCORE.postcodeExact,
          byName,
          rows,
          cap,
        ),
      );
      sources.push(
        orderedSource(
          sql<boolean>`d.postcode_key LIKE ${outcode} AND d.postcode_key <> ${terms.compact}`,
          SCORE.postcodeOutcode,
          sql`d.postcode_key USING ~<~, d.business_name, d.registration_number`,
          rows,
          cap,
        ),
      );
      sources.push(
        orderedSource(
          sql<boolean>`d.postcode_key LIKE ${pcPrefix} AND d.postcode_key NOT LIKE ${outcode} AND d.postcode_key <> ${terms.compact}`,
          SCORE.postcodePrefix,
          sql`d.postcode_key USING ~<~, d.business_name, d.registration_number`,
          rows,
          cap,
        ),
      );
      predicates.push(sql<boolean>`d.postcode_key LIKE ${pcPrefix}`);
      cases.push(sql`WHEN d.postcode_key = ${terms.compact} THEN ${sql.lit(SCORE.postcodeExact)}`);
      cases.push(sql`WHEN d.postcode_key LIKE ${outcode} THEN ${sql.lit(SCORE.postcodeOutcode)}`);
      cases.push(sql`WHEN d.postcode_key LIKE ${pcPrefix} THEN ${sql.lit(SCORE.postcodePrefix)}`);
    }
    cases.push(sql`WHEN d.town_key LIKE ${townPrefix} THEN ${sql.lit(SCORE.townPrefix)}`);
  }

  let nameScore: RawBuilder<unknown> | null = null;
  if (wantName && name) {
    const lowered = terms.town;
    // 100-199: an exact name first, then names starting with the query, then text rank.
    nameScore = sql`(100 + 40 * (lower(d.business_name) = ${lowered})::int
      + 20 * (lower(d.business_name) LIKE ${likePrefix(lowered)})::int
      + least(39, 100 * ts_rank(${NAME_RANK_WEIGHTS}, d.search_vector, ${name.rank})))`;
    // Full-text matches are read in index order (not by rank) and ranked within the cap. The
    // match is a MATERIALIZED CTE, which the planner plans for all its rows: see `fullTextMatches`.
    sources.push(sql`(WITH fts AS MATERIALIZED (${fullTextMatches(name.match, rows)})
      SELECT registration_number, score::real AS score,
        row_number() OVER (ORDER BY score DESC, business_name, registration_number) AS ord, false AS via_claim,
        expired
      FROM (SELECT d.registration_number, d.business_name, ${nameScore} AS score, d.expired FROM (
        SELECT * FROM fts LIMIT ${sql.lit(cap + 1)}) d) s)`);
    predicates.push(sql<boolean>`d.search_vector @@ ${name.match}`);
  }

  const anyQuery = sources.length > 0;
  // A query with characters but nothing usable ('%', '&', '_'): it matches nothing. Only an
  // empty query browses the register.
  const nothing = hasQuery && !anyQuery;
  if (!anyQuery && !nothing) {
    // No query: browse the register alphabetically.
    sources.push(orderedSource(sql<boolean>`true`, SCORE.browse, byName, rows, cap));
  }
  const match =
    anyQuery || nothing
      ? predicates.length
        ? sql<boolean>`(${sql.join(predicates, sql` OR `)})`
        : sql<boolean>`false`
      : null;
  const caseScore = cases.length ? sql`CASE ${sql.join(cases, sql` `)} ELSE 0 END` : sql`0`;
  const score = sql<number>`GREATEST(${caseScore}, ${nameScore ?? sql`0`})`;
  return { sources, match, score, nothing, rows };
}

/**
 * The rows whose names match a text query (alias d), for a source that stops after the cap.
 * Written as `… LIMIT cap` directly, the planner over-estimates how soon a sequential scan finds
 * the cap's worth of a common word ('london:*') and reads a third of the table (35 ms at 300,000
 * rows, against 7 ms through the GIN index). A MATERIALIZED CTE is planned for all its rows (it
 * then picks the GIN index for any word but the commonest) and is still read only as far as the
 * LIMIT outside it asks. Decision 0220: before it, the statement ran with sequential scans off
 * (SET LOCAL, in a transaction of its own: four round trips).
 */
function fullTextMatches(match: RawBuilder<unknown>, rows: RowRules): RawBuilder<unknown> {
  return sql`SELECT registration_number, business_name, search_vector, ${rows.expired} AS expired
    FROM directory_entries d WHERE d.on_register AND d.search_vector @@ ${match} AND ${rows.filter}`;
}

async function runSearch(db: Database, given: SearchInput, today: string): Promise<SearchResult> {
  // A licence check is about one number, never a place.
  const licenceCheck =
    given.query !== "" &&
    (given.type === "registration" || parseRegistrationNumber(given.query).kind === "ea");
  const around = licenceCheck ? null : await resolveSearchLocation(db, given);
  if (around) {
    const sort: SearchSort = given.sortChosen ? given.sort : "distance";
    if (around.location.status === "found") return runNearSearch(db, { ...given, sort }, today, around);
    return nothingFound({ ...given, sort }, around.location);
  }
  // 'distance' without a place: the default order. A licence check lists the number itself first
  // (then the numbers it starts), unless another order was chosen (decision 0277).
  const input: SearchInput =
    licenceCheck && !given.sortChosen
      ? { ...given, sort: defaultSort("registration") }
      : given.sort === "distance"
        ? { ...given, sort: "claimed" }
        : given;
  const result = await runTextSearch(db, input, today);
  if (result.totalCount === 0 && input.query !== "") {
    const location = await unknownQueryPlace(db, input);
    if (location) return { ...result, location };
  }
  return result;
}

/** A search around a place that is unknown, or a position outside Great Britain: nothing, and why. */
function nothingFound(input: SearchInput, location: SearchLocation): SearchResult {
  return {
    providers: [],
    totalCount: 0,
    countCapped: false,
    inForceCount: 0,
    pageCount: 0,
    currentPage: 1,
    pageSize: input.size,
    hiddenExpired: 0,
    hiddenExpiredCapped: false,
    sort: input.sort,
    location,
  };
}

/**
 * The carriers within the radius of the place, nearest first (or claimed first, then nearest).
 * A place given apart from the query (`near`, a position) keeps the query as a name filter
 * ('skip' near LS1); a query that was itself the place is not searched as text.
 */
async function runNearSearch(
  db: Database,
  input: SearchInput,
  today: string,
  around: ResolvedSearchLocation,
): Promise<SearchResult> {
  const location = around.location;
  if (location.status !== "found") return nothingFound(input, location);
  let match: RawBuilder<boolean> | null = null;
  if (location.source !== "query" && input.query !== "") {
    const words = tokenise(input.query);
    match = words.length
      ? sql<boolean>`d.search_vector @@ to_tsquery('simple', ${tsQueryText(words)})`
      : sql<boolean>`false`;
  }
  const tier = tierSql(input.tier);
  // The expired ones the same search finds: with hideExpired, those left out (counted up to
  // HIDDEN_COUNT_CAP); without, those shown, so that only the others are called licensed.
  // Lower tier registrations never expire: nothing to count.
  const expired = input.tier !== "lower" ? allOf([expiredSql(today), tier]) : null;
  const plan: NearPlan = {
    easting: location.place.easting,
    northing: location.place.northing,
    radiusMetres: location.radiusMiles * METRES_PER_MILE,
    unlocated: around.unlocated,
    filter: allOf([input.hideExpired ? inForceSql(today) : null, tier]),
    inForce: inForceSql(today),
    match,
    services: input.services,
    sort: input.sort,
    hidden: input.hideExpired ? expired : null,
    expiredShown: input.hideExpired ? null : expired,
  };
  const page = await runNearPlan(db, plan, input);
  const hiddenTotal = page.hidden;
  const totalCount = Math.min(page.total, SEARCH_COUNT_CAP);
  return {
    providers: page.providers,
    totalCount,
    countCapped: page.total > SEARCH_COUNT_CAP,
    inForceCount: Math.max(0, Math.min(page.total - page.expiredShown, SEARCH_COUNT_CAP)),
    pageCount: Math.ceil(totalCount / input.size),
    currentPage: page.currentPage,
    pageSize: input.size,
    hiddenExpired: Math.min(hiddenTotal, HIDDEN_COUNT_CAP),
    hiddenExpiredCapped: hiddenTotal > HIDDEN_COUNT_CAP,
    sort: input.sort,
    location,
  };
}

/** The text search (decision 0201): the query as a number, a town, a postcode or a name. */
async function runTextSearch(db: Database, input: SearchInput, today: string): Promise<SearchResult> {
  const terms = termsOf(input.query);
  const hasQuery = input.query !== "";
  const type = hasQuery ? input.type : "all";
  const wantsName = hasQuery && (type === "name" || type === "all");
  let name = wantsName && terms.words.length ? await nameQuery(db, terms.words) : null;
  if (!hasQuery) terms.town = "";
  const queryTerms = hasQuery ? terms : { ...terms, compact: "", town: "", eaNumber: false };

  // Every row shown meets the registration filters; with hideExpired, the expired rows the same
  // query would have found are counted ("12 expired registrations hidden").
  // Lower tier registrations never expire: with that filter nothing is ever hidden.
  const tier = tierSql(input.tier);
  const expired = expiredSql(today);
  const shown: RowRules = { filter: allOf([input.hideExpired ? inForceSql(today) : null, tier]), expired };
  const hidden = input.hideExpired && input.tier !== "lower" ? allOf([expired, tier]) : null;
  // The hidden ones are counted by the page's statement.
  const hiddenPlan = (words: NameQuery | null) =>
    hidden
      ? buildPlan(type, queryTerms, words, { filter: hidden, expired }, hasQuery, HIDDEN_COUNT_CAP)
      : null;

  let plan = buildPlan(type, queryTerms, name, shown, hasQuery);
  let page = await runPlan(db, input, plan, hiddenPlan(name));
  let corrections: Record<string, string> | undefined;

  // Typo tolerance: when the words as typed find less than a page, try the nearest known words.
  if (wantsName && name && page.total < input.size) {
    corrections = await correctWords(db, terms.words);
    if (Object.keys(corrections).length) {
      name = await nameQuery(db, terms.words, corrections);
      plan = buildPlan(type, terms, name, shown, hasQuery);
      page = await runPlan(db, input, plan, hiddenPlan(name));
    } else corrections = undefined;
  }
  const hiddenTotal = page.hidden;

  const totalCount = Math.min(page.total, SEARCH_COUNT_CAP);
  const pageCount = Math.ceil(totalCount / input.size);
  let licence: Provider | null | undefined;
  let licenceNumber: string | undefined;
  let licenceRemoved: RemovedRegistration | undefined;
  let otherRegister: SearchResult["otherRegister"];
  if (isLicenceCheck({ type, query: input.query })) {
    // 'Valid' only ever for a well-formed England/Wales number found on the register.
    const parsed = parseRegistrationNumber(input.query);
    licence = null;
    if (parsed.kind === "ea" || parsed.kind === "other") licenceNumber = parsed.number;
    if (parsed.kind === "ea") {
      // The number is usually on the page just read (an exact number ranks first, and a page past
      // the end is the last page), in the same columns: no second round trip. Otherwise (hidden by
      // a filter, or on another page) it is read by its key (registration_key: the number without
      // spaces).
      const onPage = page.providers.find((p) => p.registration_number.replaceAll(" ", "") === parsed.number);
      const row = onPage
        ? null
        : await prepared(sql<ProviderRow>`SELECT ${providerColumns} FROM directory_entries d ${claimedJoin}
        WHERE d.registration_key = ${parsed.number} AND d.on_register LIMIT 1`).execute(db);
      licence = onPage ?? (row?.rows[0] ? toProvider(row.rows[0]) : null);
      if (!licence) licenceRemoved = (await getRemovedRegistration(db, parsed.number)) ?? undefined;
    } else if (parsed.kind === "other") {
      otherRegister = { ...parsed.regulator, number: parsed.number };
    }
  }
  return {
    providers: page.providers,
    totalCount,
    countCapped: page.total > SEARCH_COUNT_CAP,
    inForceCount: Math.min(page.inForce, SEARCH_COUNT_CAP),
    pageCount,
    currentPage: page.currentPage,
    pageSize: input.size,
    hiddenExpired: Math.min(hiddenTotal, HIDDEN_COUNT_CAP),
    hiddenExpiredCapped: hiddenTotal > HIDDEN_COUNT_CAP,
    sort: input.sort,
    ...(licence !== undefined ? { licence } : {}),
    ...(licenceNumber ? { licenceNumber } : {}),
    ...(licenceRemoved ? { licenceRemoved } : {}),
    ...(otherRegister ? { otherRegister } : {}),
    ...(corrections ? { corrections } : {}),
  };
}

/** The sources of a plan as the page reads them: with services, only claimed listings (which alone have services). */
function candidateSources(input: SearchInput, plan: Plan): RawBuilder<unknown>[] {
  const claimedFirst = input.sort === "claimed";
  const services = input.services;
  const sources = services.length ? [] : [...plan.sources];
  if (claimedFirst || services.length) {
    const servicesFilter = services.length ? sql`AND cl.services && ${sql.val(services)}::text[]` : sql``;
    sources.push(sql`(SELECT registration_number, score::real AS score,
        row_number() OVER (ORDER BY score DESC, business_name, registration_number) AS ord, true AS via_claim,
        expired
      FROM (SELECT d.registration_number, d.business_name, d.score, d.expired
        FROM claimed_listings cl
        -- LATERAL: one primary-key probe per claimed listing, never a scan of every match.
        CROSS JOIN LATERAL (SELECT d.registration_number, d.business_name, ${plan.score} AS score,
            ${plan.rows.expired} AS expired
          FROM directory_entries d WHERE d.registration_number = cl.registration_number AND d.on_register AND ${plan.rows.filter}
          ${plan.match ? sql`AND ${plan.match}` : sql``} LIMIT 1) d
        WHERE cl.verified AND cl.suspended_at IS NULL ${servicesFilter}) s)`);
  }
  return sources;
}

/**
 * A page of a plan, with the count of its matches (up to each source's cap), of those in force,
 * and of those of `hidden` (the expired ones the same search would have found): one statement,
 * whose one row without a listing still carries the counts when the page is past the end. Only a
 * claimed listing in force is ranked as claimed (decision 0278).
 */
async function runPlan(
  db: Database,
  input: SearchInput,
  plan: Plan,
  hidden: Plan | null,
): Promise<{ providers: Provider[]; total: number; inForce: number; currentPage: number; hidden: number }> {
  if (plan.nothing) return { providers: [], total: 0, inForce: 0, currentPage: 1, hidden: 0 };
  const claimedFirst = input.sort === "claimed";
  const sources = candidateSources(input, plan);
  const order = claimedFirst
    ? sql`claimed DESC, score DESC, ord, registration_number`
    : sql`score DESC, ord, registration_number`;
  const hiddenSources = hidden && !hidden.nothing ? candidateSources(input, hidden) : null;

  const pageQuery = (offset: number) => sql<
    ProviderRow & { total: number; in_force: number; hidden: number }
  >`
    WITH cand AS (${sql.join(sources, sql` UNION ALL `)}),
    best AS (
      SELECT DISTINCT ON (registration_number) registration_number, score, ord, via_claim, expired
      FROM cand ORDER BY registration_number, via_claim DESC, score DESC, ord
    ),
    ranked AS (
      SELECT b.*, NOT b.expired AND EXISTS (SELECT 1 FROM claimed_listings c WHERE c.registration_number = b.registration_number
        AND c.verified AND c.suspended_at IS NULL) AS claimed
      FROM best b
    ),
    page AS (SELECT * FROM ranked ORDER BY ${order} LIMIT ${input.size}::int
      OFFSET ${pageOffsetSql(sql`(SELECT count(*) FROM best)`, offset, input.size)})
    ${hiddenSources ? sql`, hidden_cand AS (${sql.join(hiddenSources, sql` UNION ALL `)})` : sql``}
    SELECT ${providerColumns}, (SELECT count(*) FROM best)::int AS total,
      (SELECT count(*) FILTER (WHERE NOT expired) FROM best)::int AS in_force,
      ${hiddenSources ? sql`(SELECT count(DISTINCT registration_number) FROM hidden_cand)` : sql`0`}::int AS hidden
    FROM (SELECT 1) one LEFT JOIN page ON true
      LEFT JOIN directory_entries d ON d.registration_number = page.registration_number ${claimedJoin}
    ORDER BY ${claimedFirst ? sql`page.claimed DESC, ` : sql``}page.score DESC, page.ord, page.registration_number`;

  // Past the end, the statement reads the last page itself (search-page.server.ts).
  const requested = requestedPage(input.page, input.size);
  const { rows } = await prepared(pageQuery((requested - 1) * input.size)).execute(db);
  const { total, in_force: inForce, hidden: hiddenTotal } = rows[0] ?? { total: 0, in_force: 0, hidden: 0 };
  const currentPage = Math.min(requested, lastPageOf(total, input.size));
  return {
    providers: rows
      .filter((r) => r.registration_number !== null)
      .map(({ total: _t, in_force: _f, hidden: _h, ...row }) => toProvider(row)),
    total,
    inForce,
    currentPage,
    hidden: hiddenTotal,
  };
}

/** Nearest dictionary word (pg_trgm similarity) for each query word the dictionary lacks. */
async function correctWords(db: Database, words: string[]): Promise<Record<string, string>> {
  const candidates = words.filter((w) => w.length >= 3 && !/^\d+$/.test(w));
  if (!candidates.length) return {};
  const { rows } = await prepared(sql<{ w: string; best: string | null }>`
    SELECT q.w, (SELECT word FROM directory_name_words
                 WHERE word % q.w ORDER BY similarity(word, q.w) DESC, word LIMIT 1) AS best
    FROM unnest(${sql.val(candidates)}::text[]) AS q(w)
    WHERE NOT EXISTS (SELECT 1 FROM directory_name_words x WHERE x.word = q.w)`).execute(db);
  const out: Record<string, string> = {};
  for (const r of rows) if (r.best && r.best !== r.w && /^[\p{L}\p{N}]+$/u.test(r.best)) out[r.w] = r.best;
  return out;
}
