/**
 * What the map (app/components/map/lazy-map.tsx) needs from the configuration, for the loaders of
 * the pages that show one: `return { ..., map: mapSettings(getApp(context).config) }`.
 */
import type { Config } from "~/platform/env.server";

export interface MapSettings {
  /** Leaflet URL template of the tiles (MAP_TILE_URL). */
  tileUrl: string;
  /** The tiles' credit line, HTML (MAP_TILE_ATTRIBUTION). */
  attribution: string;
}

export function mapSettings(config: Pick<Config, "MAP_TILE_URL" | "MAP_TILE_ATTRIBUTION">): MapSettings {
  return { tileUrl: config.MAP_TILE_URL, attribution: config.MAP_TILE_ATTRIBUTION };
}
