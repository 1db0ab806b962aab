/**
 * WGS84 (GPS latitude/longitude) <-> British National Grid (EPSG:27700, OSGB36 eastings and
 * northings in metres), by proj4 with the standard EPSG:27700 definition: the transverse Mercator
 * on the Airy 1830 ellipsoid and the OSGB36 datum's 7-parameter (Helmert) transform. The
 * Helmert transform is good to a few metres across Great Britain (OSTN15, the definitive
 * transform, differs by up to ~5 m): plenty for "2.3 miles away" and a map marker.
 *
 * Server code only in practice: proj4 is tens of kilobytes, and the pages get positions already
 * converted (resultPositions in map-positions.server.ts), so the browser never loads it.
 */
import proj4 from "proj4";

/** EPSG:27700 as published by EPSG/PROJ (with the OSGB36 -> WGS84 Helmert parameters). */
export const BRITISH_NATIONAL_GRID =
  "+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy " +
  "+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs";

const converter = proj4("WGS84", BRITISH_NATIONAL_GRID);

export interface GridPoint {
  easting: number;
  northing: number;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** Latitude/longitude (WGS84, degrees) to easting/northing (metres), unrounded. */
export function wgs84ToGrid(lat: number, lng: number): GridPoint {
  const [easting, northing] = converter.forward([lng, lat]);
  return { easting, northing };
}

/** Easting/northing (metres) to latitude/longitude (WGS84, degrees), unrounded. */
export function gridToWgs84(easting: number, northing: number): LatLng {
  const [lng, lat] = converter.inverse([easting, northing]);
  return { lat, lng };
}

/** The grid's extent: every point of Great Britain the register may hold is in it. */
export const GRID_BOUNDS = { minEasting: 0, maxEasting: 700_000, minNorthing: 0, maxNorthing: 1_300_000 };

/**
 * Great Britain and its islands (Scilly, Wight, Anglesey, the Hebrides, St Kilda, Orkney,
 * Shetland) as a coarse outline drawn in the sea around them (longitude, latitude), so that
 * Ireland (Northern Ireland is not on the British grid), the Channel Islands and the Continent
 * fall outside, although parts of them lie within the grid's rectangle (Belfast is at about
 * E 146,000 N 529,000, Calais at E 670,000 N 124,000). The Isle of Man, in the middle of the
 * Irish Sea, falls inside; nothing of it is on the register.
 */
const OUTLINE_LNG_LAT: ReadonlyArray<readonly [number, number]> = [
  [-6.8, 49.7], // south-west of Scilly
  [-2.0, 49.85], // north of Alderney and Cap de la Hague
  [0.0, 50.3], // mid-Channel
  [1.45, 51.0], // Strait of Dover
  [1.9, 51.4], // off North Foreland
  [2.2, 52.5], // off Lowestoft
  [1.5, 53.5],
  [0.5, 57.0], // North Sea
  [0.3, 59.5],
  [0.5, 61.0], // beyond Unst
  [-1.5, 61.0],
  [-7.0, 60.0],
  [-9.0, 58.0], // west of St Kilda
  [-8.0, 55.6], // north of Malin Head
  [-6.5, 55.45], // between Islay and Rathlin
  [-6.0, 55.36], // west of the Mull of Kintyre
  [-5.7, 55.15], // North Channel
  [-5.45, 54.95],
  [-5.2, 54.4], // between the Ards peninsula and the Mull of Galloway
  [-4.95, 54.0],
  [-5.3, 53.3], // between Anglesey and Dublin Bay
  [-5.5, 52.5],
  [-5.75, 51.9], // St George's Channel
  [-6.0, 51.0],
];

const OUTLINE: ReadonlyArray<readonly [number, number]> = OUTLINE_LNG_LAT.map(([lng, lat]) => {
  const p = wgs84ToGrid(lat, lng);
  return [p.easting, p.northing] as const;
});

/** Ray casting: whether a point is inside the outline. */
function insideOutline(x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = OUTLINE.length - 1; i < OUTLINE.length; j = i++) {
    const [xi, yi] = OUTLINE[i];
    const [xj, yj] = OUTLINE[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Whether a grid point is in Great Britain: inside the grid's extent and the outline above. */
export function isInGreatBritain(point: GridPoint): boolean {
  const { easting, northing } = point;
  if (!Number.isFinite(easting) || !Number.isFinite(northing)) return false;
  if (easting < GRID_BOUNDS.minEasting || easting > GRID_BOUNDS.maxEasting) return false;
  if (northing < GRID_BOUNDS.minNorthing || northing > GRID_BOUNDS.maxNorthing) return false;
  return insideOutline(easting, northing);
}

/**
 * A WGS84 position on the British grid, or null when it is outside Great Britain (or not a
 * position at all). Rounded to the metre, as the register's own coordinates are.
 */
export function gridPositionInGreatBritain(lat: number, lng: number): GridPoint | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180)
    return null;
  // Far outside the outline's box the transverse Mercator is meaningless: refuse before projecting.
  if (lat < 49 || lat > 62 || lng < -10 || lng > 3) return null;
  const point = wgs84ToGrid(lat, lng);
  if (!isInGreatBritain(point)) return null;
  return { easting: Math.round(point.easting), northing: Math.round(point.northing) };
}

/** Metres in a statute mile. */
export const METRES_PER_MILE = 1609.344;

/** Metres to miles, to one decimal place (2.34 -> 2.3). */
export function milesFromMetres(metres: number): number {
  return Math.round((metres / METRES_PER_MILE) * 10) / 10;
}
