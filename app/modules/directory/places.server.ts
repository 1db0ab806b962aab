/**
 * Places from the register itself (issue 16, decision 0214): the centroids of the registrations'
 * own coordinates per postcode sector, postcode district and normalised town, rebuilt at every
 * register sync, and per full postcode, read from the directory when a query names one. A search query resolves to the most precise known place
 * (full postcode, then sector, then district, then town); an unknown one gets close names.
 */
import { sql, type RawBuilder } from "kysely";
import { prepared, type Database } from "~/platform/db/database.server";
import { likePrefix } from "~/platform/db/like";
import type { PlaceKind } from "~/platform/db/schema";
import { GRID_BOUNDS, gridToWgs84 } from "./british-grid";
import { SEARCH_CACHE_TTL_MS } from "./constants";
import { titleCase } from "./provider";
import { directoryCaches } from "./ttl-cache";
import {
  APOSTROPHES,
  FOLD_FROM,
  FOLD_TO,
  parsePostcodeQuery,
  townKey,
  type PostcodeQuery,
} from "./place-names";

export type { PlaceKind };

export interface Place {
  kind: PlaceKind;
  /** 'LS1 1AA', 'LS1 1', 'LS1', or a town key ('stoke on trent'). */
  key: string;
  /** 'LS1 1AA', 'Stoke-on-Trent'. */
  label: string;
  /** The centroid on the British National Grid (metres). */
  easting: number;
  northing: number;
  /** How many registrations were averaged. */
  entries: number;
}

export interface ResolvedPlace extends Place {
  /** The centroid in WGS84 (for the map). */
  lat: number;
  lng: number;
  /** The text that was resolved, as typed (trimmed). */
  query: string;
  /**
   * A broader place than the one typed: an unknown full postcode whose sector (or district) is
   * known resolves to that sector. The page can say "near LS1 1 (we don't know LS1 1ZZ)".
   */
  approximate: boolean;
  /** Towns: the register's own spellings (town_key) of the town, for rows without coordinates. */
  townKeys: string[];
}

export interface PlaceSuggestion {
  kind: PlaceKind;
  label: string;
}

const ASCII_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const ASCII_LOWER = ASCII_UPPER.toLowerCase();

/**
 * townKey (place-names.ts) as an SQL expression, rule for rule: accents folded by translate(),
 * ASCII letters lowered by translate() (lower() depends on the database's locale), apostrophes
 * dropped, '&' read as 'and', anything but a-z and 0-9 a word break, 'st' read as 'saint'.
 * Regular expression ranges in PostgreSQL compare code points, as JavaScript's do.
 */
export function townKeySql(value: RawBuilder<string | null>): RawBuilder<string> {
  const folded = sql`translate(translate(${value}, ${FOLD_FROM}::text, ${FOLD_TO}::text), ${ASCII_UPPER}::text, ${ASCII_LOWER}::text)`;
  const words = sql`btrim(regexp_replace(replace(regexp_replace(${folded}, ${`[${APOSTROPHES}]`}::text, '', 'g'), '&', ' and '), '[^a-z0-9]+', ' ', 'g'))`;
  return sql<string>`btrim(regexp_replace(' ' || ${words} || ' ', ' st(?= )', ' saint', 'g'))`;
}

/** A postcode sector ('LS1 1') and district ('LS1'), in the places table's form. */
const SECTOR_KEY = "^[A-Z]{1,2}[0-9][A-Z0-9]? [0-9]$";
const DISTRICT_KEY = "^[A-Z]{1,2}[0-9][A-Z0-9]?$";

/** Registrations whose coordinates count (alias d): on the register, both coordinates on the grid. */
function locatedSql(): RawBuilder<boolean> {
  return sql<boolean>`d.easting BETWEEN ${GRID_BOUNDS.minEasting} AND ${GRID_BOUNDS.maxEasting}
    AND d.northing BETWEEN ${GRID_BOUNDS.minNorthing} AND ${GRID_BOUNDS.maxNorthing}`;
}

export interface RebuildPlacesResult {
  /** Places after the rebuild. */
  places: number;
  /** Places added, and places moved, relabelled or recounted. */
  added: number;
  changed: number;
  /** Places no registration names any more. */
  removed: number;
  ms: number;
}

/**
 * Derives the places table from directory_entries in one statement, set-based (no row goes
 * through JavaScript): the registrations on the register are grouped by postcode sector, and by
 * the register's own spelling of the town, into a few thousand groups. The sectors' sums give the
 * districts'; only the town spellings are normalised, and their sums added up per town key.
 *
 * Full postcodes are not stored: at 300,000 registrations there are about 270,000 of them (nearly
 * one per registration), which made the rebuild five times slower, while a full postcode's centroid
 * is one probe of the directory's own postcode index when a query names it (resolvePlace).
 *
 * Places are where registrations on the register are, expired or not (the search's own rule for
 * what exists: on_register); a removed registration no longer places anything. Only rows with
 * both coordinates on the grid make the centroids; a town's spellings come from all its rows, so
 * that a Leeds carrier without coordinates is found by a Leeds search.
 *
 * The table is brought to the new set by difference (one join of the new places with the old:
 * delete those that are gone, insert the new ones, update only those that moved), not emptied and
 * refilled: a daily sync changes few places, readers are never blocked, and PGlite (which has no
 * autovacuum) is left few dead rows. Runs in the caller's transaction when given one (the sync's
 * merge does), else in its own.
 */
// eslint-disable-next-line max-lines-per-function -- one SQL statement (the places as one set-based diff, its steps as named CTEs); splitting the function would split the statement
export async function rebuildPlaces(db: Database): Promise<RebuildPlacesResult> {
  if (!db.isTransaction) {
    const result = await db.transaction().execute((trx) => rebuildPlaces(trx));
    clearResolvedPlaces(db);
    return result;
  }
  const started = Date.now();
  const located = locatedSql();
  const { rows } = await sql<{ removed: number; added: number; changed: number }>`
    WITH by_postcode AS MATERIALIZED (
      -- pk: a full postcode without its last two letters ('LS11AA' -> 'LS11', the sector), or an
      -- outward code given alone ('LS1'); whole: which of the two. Sums as float8: exact for whole
      -- metres far beyond a million rows, and much faster than numeric.
      SELECT length(d.postcode_key) >= 5 AS whole,
        CASE WHEN length(d.postcode_key) BETWEEN 5 AND 7 THEN left(d.postcode_key, -2)
             WHEN length(d.postcode_key) BETWEEN 2 AND 4 THEN d.postcode_key END AS pk,
        sum(d.easting::float8) AS se, sum(d.northing::float8) AS sn, count(*)::int AS n
      FROM directory_entries d
      WHERE d.on_register AND ${located}
      GROUP BY 1, 2
    ), sectors AS MATERIALIZED (
      -- 'LS11' -> 'LS1 1'; only well-formed sectors (a regular expression per sector, not per row).
      SELECT sector, se, sn, n FROM (
        SELECT overlay(pk placing ' ' from length(pk) for 0) AS sector, se, sn, n
        FROM by_postcode WHERE whole AND pk IS NOT NULL
      ) s
      WHERE sector ~ ${SECTOR_KEY}
    ), districts AS (
      -- The sectors' sums, and outward codes given alone ('LS1').
      SELECT district, sum(se) AS se, sum(sn) AS sn, sum(n) AS n FROM (
        SELECT left(sector, -2) AS district, se, sn, n FROM sectors
        UNION ALL
        SELECT pk, se, sn, n FROM by_postcode WHERE NOT whole AND pk IS NOT NULL
      ) d
      WHERE district ~ ${DISTRICT_KEY}
      GROUP BY district
    ), by_spelling AS MATERIALIZED (
      -- Grouped by the register's own spelling (a few thousand), all rows: the sums only of those
      -- with coordinates, the count of all (for the label).
      SELECT d.town AS spelling,
        sum(d.easting::float8) FILTER (WHERE ${located}) AS se,
        sum(d.northing::float8) FILTER (WHERE ${located}) AS sn,
        (count(*) FILTER (WHERE ${located}))::int AS n,
        count(*)::int AS rows
      FROM directory_entries d
      WHERE d.on_register AND d.town IS NOT NULL
      GROUP BY d.town
    ), spelled AS (
      -- Normalised once per spelling, never per row; town_key as the directory's generated column has it.
      SELECT ${townKeySql(sql`spelling`)} AS key, btrim(spelling) AS spelling, lower(btrim(spelling)) AS town_key,
        se, sn, n, rows
      FROM by_spelling
      WHERE btrim(spelling) <> ''
    ), towns AS (
      SELECT key, sum(se) AS se, sum(sn) AS sn, sum(n) AS n,
        array_agg(DISTINCT town_key ORDER BY town_key) AS town_keys,
        -- The label: a spelling in mixed case if there is one ('Stoke-on-Trent', not 'STOKE ON
        -- TRENT'), the register's most common, then the first in order.
        (array_agg(spelling ORDER BY (spelling <> upper(spelling)) DESC, rows DESC, spelling))[1] AS label
      FROM spelled
      WHERE key <> '' AND length(key) <= 100
      GROUP BY key
      HAVING sum(n) > 0
    ), fresh AS (
      SELECT 'sector'::text AS kind, sector AS key, sector AS label, se, sn, n, '{}'::text[] AS town_keys FROM sectors
      UNION ALL
      SELECT 'district', district, district, se, sn, n, '{}' FROM districts
      UNION ALL
      SELECT 'town', key, label, se, sn, n, town_keys FROM towns
    ), computed AS (
      -- Halves round up (floor of x + 0.5), the same on every platform.
      SELECT kind, key, label, floor(se / n + 0.5)::int AS easting, floor(sn / n + 0.5)::int AS northing,
        n::int AS entries, town_keys
      FROM fresh
    ), diff AS MATERIALIZED (
      -- What differs: new (no old key), gone (no new key), or moved, relabelled or recounted.
      SELECT c.kind, c.key, c.label, c.easting, c.northing, c.entries, c.town_keys,
        p.kind AS old_kind, p.key AS old_key
      FROM computed c FULL JOIN places p ON p.kind = c.kind AND p.key = c.key
      WHERE c.kind IS NULL OR p.kind IS NULL
        OR (p.label, p.easting, p.northing, p.entries, p.town_keys)
          IS DISTINCT FROM (c.label, c.easting, c.northing, c.entries, c.town_keys)
    ), gone AS (
      DELETE FROM places p USING diff
      WHERE diff.kind IS NULL AND p.kind = diff.old_kind AND p.key = diff.old_key
      RETURNING 1
    ), added AS (
      INSERT INTO places (kind, key, label, easting, northing, entries, town_keys)
      SELECT kind, key, label, easting, northing, entries, town_keys FROM diff WHERE old_kind IS NULL
      RETURNING 1
    ), changed AS (
      UPDATE places p
      SET label = diff.label, easting = diff.easting, northing = diff.northing, entries = diff.entries,
        town_keys = diff.town_keys
      FROM diff
      WHERE diff.kind IS NOT NULL AND diff.old_kind IS NOT NULL AND p.kind = diff.kind AND p.key = diff.key
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM gone)::int AS removed, (SELECT count(*) FROM added)::int AS added,
      (SELECT count(*) FROM changed)::int AS changed`.execute(db);
  const result = rows[0] ?? { removed: 0, added: 0, changed: 0 };
  // Fresh planner statistics for the lookups (PGlite has no autovacuum).
  if (result.removed + result.added + result.changed > 0) await sql`ANALYZE places`.execute(db);
  const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM places`.execute(db);
  return {
    places: Number(total.rows[0]?.n ?? 0),
    added: Number(result.added),
    changed: Number(result.changed),
    removed: Number(result.removed),
    ms: Date.now() - started,
  };
}

/** Whether the places table holds anything (a database migrated after its last sync does not). */
export async function hasPlaces(db: Database): Promise<boolean> {
  const row = await db.selectFrom("places").select("kind").limit(1).executeTakeFirst();
  return row !== undefined;
}

const PRECISION: Record<PlaceKind, number> = { postcode: 0, sector: 1, district: 2, town: 3 };

/** What a query may be, most precise first. */
function candidates(text: string): { wanted: Array<[PlaceKind, string]>; postcode: PostcodeQuery | null } {
  const wanted: Array<[PlaceKind, string]> = [];
  const postcode = parsePostcodeQuery(text);
  if (postcode) {
    if (postcode.kind === "postcode") wanted.push(["postcode", postcode.key]);
    if (postcode.sector) wanted.push(["sector", postcode.sector]);
    wanted.push(["district", postcode.district]);
  }
  const town = townKey(text);
  if (town) wanted.push(["town", town]);
  // 'Leeds, West Yorkshire': the town before the first comma.
  const first = text.includes(",") ? townKey(text.split(",")[0]) : "";
  if (first && first !== town) wanted.push(["town", first]);
  return { wanted, postcode };
}

/** Text as a place query: one line, spaces collapsed, at most 100 characters. */
export function placeQueryText(query: string): string {
  return query.replace(/\s+/g, " ").trim().slice(0, 100);
}

interface PlaceRow extends Place {
  town_keys: string[];
}

/**
 * Places resolved per query text, for as long as search results are kept: a place changes only
 * when the directory does (a sync rebuilds the places and announces the change, which empties
 * this), so paging through a place's results or changing their filters asks the database once.
 */
const resolvedPlaces = directoryCaches<ResolvedPlace | null>(SEARCH_CACHE_TTL_MS, 2000);

/** Forgets this process's resolved places (with the search cache: `clearSearchCache`). */
export function clearResolvedPlaces(db: Database): void {
  resolvedPlaces.clear(db);
}

/**
 * The most precise known place a query names: the full postcode, else its sector, else its
 * district, else the town (normalised: 'stoke on trent' finds Stoke-on-Trent). Null when none is
 * known. One statement, once per text while the directory stays the same: a full postcode's
 * centroid is read from the directory's postcode index (the registrations on the register with
 * coordinates in it), the others from the places' primary key.
 */
export async function resolvePlace(db: Database, query: string): Promise<ResolvedPlace | null> {
  const text = placeQueryText(query);
  if (!text) return null;
  const cache = resolvedPlaces.get(db);
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const found = await findPlace(db, text);
  cache.set(text, found);
  return found;
}

async function findPlace(db: Database, text: string): Promise<ResolvedPlace | null> {
  const { wanted, postcode } = candidates(text);
  const stored = wanted.filter((w) => w[0] !== "postcode");
  if (!wanted.length) return null;
  const full = postcode?.kind === "postcode" && postcode.compact ? postcode : null;
  const located = locatedSql();
  // Prepared (decision 0220): a location or 'all' search of a text not cached asks it first.
  const { rows } = await prepared(sql<PlaceRow & { ord: number }>`
    SELECT * FROM (
      ${
        full
          ? sql`SELECT 0::bigint AS ord, 'postcode'::text AS kind, ${full.key}::text AS key, ${full.key}::text AS label,
              floor(avg(d.easting) + 0.5)::int AS easting, floor(avg(d.northing) + 0.5)::int AS northing,
              count(*)::int AS entries, '{}'::text[] AS town_keys
            FROM directory_entries d
            WHERE d.on_register AND d.postcode_key = ${full.compact} AND ${located}
            HAVING count(*) > 0
            UNION ALL`
          : sql``
      }
      SELECT w.ord, p.kind, p.key, p.label, p.easting, p.northing, p.entries, p.town_keys
      FROM unnest(${sql.val(stored.map((w) => w[0]))}::text[], ${sql.val(stored.map((w) => w[1]))}::text[])
        WITH ORDINALITY AS w(kind, key, ord)
      JOIN places p ON p.kind = w.kind AND p.key = w.key
    ) found
    ORDER BY ord
    LIMIT 1`).execute(db);
  const row = rows[0];
  if (!row) return null;
  const { lat, lng } = gridToWgs84(row.easting, row.northing);
  // Shared by every search of this text while it is cached: nobody may change it.
  return Object.freeze({
    kind: row.kind,
    key: row.key,
    label: shownLabel(row),
    easting: row.easting,
    northing: row.northing,
    entries: row.entries,
    lat,
    lng,
    query: text,
    approximate: postcode !== null && row.kind !== "town" && PRECISION[row.kind] > PRECISION[postcode.kind],
    townKeys: Object.freeze(row.town_keys ?? []) as string[],
  });
}

/**
 * Close names for a query no place matched, for "We couldn't find ...": for a postcode, the known
 * districts of its postcode area most like the typed district (LS99 9ZZ -> LS9, LS19, ...); for
 * anything else, towns by trigram similarity or starting with the text (pg_trgm's GIN index).
 */
export async function suggestPlaces(db: Database, query: string, limit = 5): Promise<PlaceSuggestion[]> {
  const text = placeQueryText(query);
  const max = Math.max(1, Math.min(20, Math.floor(limit)));
  if (!text) return [];
  const postcode = parsePostcodeQuery(text);
  if (postcode) {
    const area = /^[A-Z]+/.exec(postcode.district)?.[0] ?? "";
    const { rows } = await sql<PlaceSuggestion>`
      SELECT kind, label FROM places
      WHERE kind = 'district' AND key LIKE ${`${area}%`} AND key ~ ${`^${area}[0-9]`}
      ORDER BY similarity(key, ${postcode.district}) DESC, length(key), key
      LIMIT ${max}`.execute(db);
    if (rows.length) return rows;
  }
  const key = townKey(text);
  if (!key) return [];
  const prefix = likePrefix(key);
  // word_similarity: a misspelt first word ('stoak') is close to 'stoke on trent' as a whole word,
  // not as the whole name. The towns are few enough (one row each) to be scored without an index.
  const { rows } = await sql<PlaceSuggestion>`
    SELECT kind, label FROM places
    WHERE kind = 'town' AND (key % ${key} OR key LIKE ${prefix} OR word_similarity(${key}, key) >= 0.5)
    ORDER BY greatest(similarity(key, ${key}), word_similarity(${key}, key)) DESC, entries DESC, key
    LIMIT ${max}`.execute(db);
  return rows.map((row) => ({ ...row, label: shownLabel(row) }));
}

/**
 * A place's name as the pages show it: a town the register spells only in capitals ('STOKE-ON-TRENT')
 * in title case ('Stoke-on-Trent'); postcodes, and towns written in mixed case, as they are.
 */
function shownLabel(place: { kind: string; label: string }): string {
  return place.kind === "town" && place.label === place.label.toUpperCase()
    ? titleCase(place.label)
    : place.label;
}

/**
 * "We couldn't find LS99 9ZZ; try a nearby town or the postcode district (e.g. LS1)": the example
 * is the first district suggested; without one, there is no example.
 */
export function unknownPlaceMessage(query: string, suggestions: PlaceSuggestion[]): string {
  const text = placeQueryText(query);
  const district = suggestions.find((s) => s.kind === "district")?.label;
  return `We couldn't find ${text}; try a nearby town or the postcode district${district ? ` (e.g. ${district})` : ""}`;
}
