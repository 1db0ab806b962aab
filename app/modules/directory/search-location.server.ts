/**
 * Where a search is around (issue 16, decision 0214): a position (lat/lng, "Use my location"),
 * a place given as `near`, or the query itself when it names a known place. The position is
 * converted to the British grid here, on the server; the place is resolved from the places table.
 */
import type { Database } from "~/platform/db/database.server";
import { gridPositionInGreatBritain, gridToWgs84 } from "./british-grid";
import { parsePostcodeQuery } from "./place-names";
import {
  placeQueryText,
  resolvePlace,
  suggestPlaces,
  unknownPlaceMessage,
  type PlaceKind,
  type PlaceSuggestion,
} from "./places.server";
import { parseRegistrationNumber } from "./registration";
import { radiusOf, type SearchInput } from "./search-input";

/** The point a search is around, as the page and the API show it. */
export interface SearchPlace {
  /** 'position' for lat/lng ("Use my location"). */
  kind: PlaceKind | "position";
  /** For the heading "Licensed waste carriers near …": 'LS1 1AA', 'Stoke-on-Trent', 'your location'. */
  label: string;
  /** British National Grid, metres (a place's centroid, or the position converted). */
  easting: number;
  northing: number;
  /** WGS84, for the map. */
  lat: number;
  lng: number;
  /** A broader place than the one typed ('LS1 1' for an unknown LS1 1ZZ). */
  approximate: boolean;
  /** What was typed ('' for a position). */
  query: string;
}

export type SearchLocation =
  | {
      status: "found";
      /** Where the place came from: `near`, `lat`/`lng`, or the query naming a known place. */
      source: "near" | "position" | "query";
      place: SearchPlace;
      radiusMiles: number;
    }
  | {
      /**
       * Not a known place. For `near`, the search finds nothing; for a query, the text search ran
       * and found nothing either (a query that found carriers by text says nothing about places).
       */
      status: "unknown";
      source: "near" | "query";
      query: string;
      /** "We couldn't find LS99 9ZZ; try a nearby town or the postcode district (e.g. LS1)" */
      message: string;
      suggestions: PlaceSuggestion[];
    }
  | { status: "outside"; source: "position"; message: string };

/**
 * Rows without coordinates that match a place by text, so that a search around it still finds
 * them: the town's spellings, the full postcode, or the postcodes of a sector or district.
 */
export type UnlocatedMatch =
  { townKeys: string[] } | { postcodeKey: string } | { postcodeLike: string } | null;

export interface ResolvedSearchLocation {
  location: SearchLocation;
  unlocated: UnlocatedMatch;
}

export const OUTSIDE_GREAT_BRITAIN =
  "That position is outside Great Britain. This directory lists carriers registered in England and Wales: search for a town or a postcode instead.";

/**
 * What is wrong with a search's position that only the server can tell (the API answers 400):
 * outside Great Britain (Northern Ireland and the Republic of Ireland included; they are not on
 * the British grid).
 */
export function locationProblems(input: Pick<SearchInput, "lat" | "lng">): string[] {
  if (input.lat === undefined || input.lng === undefined) return [];
  return gridPositionInGreatBritain(input.lat, input.lng) ? [] : [OUTSIDE_GREAT_BRITAIN];
}

/**
 * The place a search is around, or null for a search that is not around one: a position, else
 * `near`, else (for 'all' and 'location' searches, not a registration number) the query when it
 * names a known place. An unknown `near` gives status 'unknown' at once; an unknown query gives
 * null here (the text search runs; see unknownQueryPlace).
 */
export async function resolveSearchLocation(
  db: Database,
  input: SearchInput,
): Promise<ResolvedSearchLocation | null> {
  const radiusMiles = radiusOf(input);
  if (input.lat !== undefined && input.lng !== undefined) {
    const grid = gridPositionInGreatBritain(input.lat, input.lng);
    if (!grid)
      return {
        location: { status: "outside", source: "position", message: OUTSIDE_GREAT_BRITAIN },
        unlocated: null,
      };
    const { lat, lng } = gridToWgs84(grid.easting, grid.northing);
    const location = {
      status: "found" as const,
      source: "position" as const,
      place: {
        kind: "position" as const,
        label: "your location",
        ...grid,
        lat,
        lng,
        approximate: false,
        query: "",
      },
      radiusMiles,
    };
    return { location, unlocated: null };
  }
  const text = input.near ?? (queryMayBePlace(input) ? input.query : "");
  if (!text) return null;
  const place = await resolvePlace(db, text);
  if (!place) {
    if (!input.near) return null;
    const suggestions = await suggestPlaces(db, input.near);
    const query = placeQueryText(input.near);
    return {
      location: {
        status: "unknown",
        source: "near",
        query,
        message: unknownPlaceMessage(query, suggestions),
        suggestions,
      },
      unlocated: null,
    };
  }
  const location = {
    status: "found" as const,
    source: input.near ? ("near" as const) : ("query" as const),
    place: {
      kind: place.kind,
      label: place.label,
      easting: place.easting,
      northing: place.northing,
      lat: place.lat,
      lng: place.lng,
      approximate: place.approximate,
      query: place.query,
    },
    radiusMiles,
  };
  return { location, unlocated: unlocatedMatch(place.kind, place.key, place.townKeys) };
}

/** A query is tried as a place in 'all' and 'location' searches, unless it is a registration number. */
function queryMayBePlace(input: SearchInput): boolean {
  if (!input.query || (input.type !== "all" && input.type !== "location")) return false;
  return parseRegistrationNumber(input.query).kind !== "ea";
}

/**
 * Rows without coordinates still found by a search around a place, as the text search finds
 * them: a town's own spellings (its town_key values); a postcode exactly; a sector or district as
 * the postcodes in it (LIKE on postcode_key, e.g. 'LS11__' for LS1 1, 'LS1___' for LS1).
 */
function unlocatedMatch(kind: PlaceKind, key: string, townKeys: string[]): UnlocatedMatch {
  if (kind === "town") return townKeys.length ? { townKeys } : null;
  const compact = key.replace(/ /g, "");
  if (kind === "postcode") return { postcodeKey: compact };
  if (kind === "sector") return { postcodeLike: `${compact}__` };
  return { postcodeLike: `${compact}___` };
}

/**
 * For a query the text search found nothing for: when it looked like a postcode, or was typed as
 * a location, the "We couldn't find …" message with suggestions; otherwise null (a name that
 * matched nothing is not a place).
 */
export async function unknownQueryPlace(db: Database, input: SearchInput): Promise<SearchLocation | null> {
  if (!queryMayBePlace(input)) return null;
  if (input.type !== "location" && !parsePostcodeQuery(input.query)) return null;
  const query = placeQueryText(input.query);
  const suggestions = await suggestPlaces(db, query);
  return {
    status: "unknown",
    source: "query",
    query,
    message: unknownPlaceMessage(query, suggestions),
    suggestions,
  };
}
