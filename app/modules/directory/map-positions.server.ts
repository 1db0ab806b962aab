/**
 * Positions for the map (issue 16): each result's WGS84 latitude/longitude, converted on the
 * server from the register's own Easting/Northing, so that the browser never loads the
 * projection library. Rows without coordinates, or with coordinates off the British grid, have
 * no position (the list still shows them).
 */
import { GRID_BOUNDS, gridToWgs84, type LatLng } from "./british-grid";
import { memo } from "~/platform/memo";
import type { Provider } from "./provider";

export interface MapPosition extends LatLng {
  registration_number: string;
  /** The card's number on the page (1 for the first result), for the marker's label. */
  number: number;
}

/**
 * A grid reference ("easting northing") as latitude/longitude, remembered (a town's carriers are
 * shown page after page; the projection was about 1% of a results page's CPU, issue 18). Six
 * decimal places: about 10 cm, finer than the register's metres. Frozen: every page shares it.
 */
const positionOf = memo((reference: string): Readonly<LatLng> => {
  const [easting, northing] = reference.split(" ").map(Number);
  const { lat, lng } = gridToWgs84(easting, northing);
  return Object.freeze({ lat: round6(lat), lng: round6(lng) });
});

/** A provider's position, or null when the register gives it none on the grid. */
export function providerPosition(provider: Pick<Provider, "easting" | "northing">): Readonly<LatLng> | null {
  const { easting, northing } = provider;
  if (easting === null || northing === null) return null;
  if (easting < GRID_BOUNDS.minEasting || easting > GRID_BOUNDS.maxEasting) return null;
  if (northing < GRID_BOUNDS.minNorthing || northing > GRID_BOUNDS.maxNorthing) return null;
  return positionOf(`${easting} ${northing}`);
}

/** The positions of a page of results, in the page's order (numbered like the cards), skipping those without one. */
export function resultPositions(
  providers: ReadonlyArray<Pick<Provider, "registration_number" | "easting" | "northing">>,
): MapPosition[] {
  const positions: MapPosition[] = [];
  providers.forEach((p, i) => {
    const position = providerPosition(p);
    if (position) positions.push({ registration_number: p.registration_number, number: i + 1, ...position });
  });
  return positions;
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}
