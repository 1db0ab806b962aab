/** A place on the map: a numbered result (`n`, as on its card) or the one address of a profile. */
export interface MapMarker {
  /** The number shown in the marker, the result's position in the list; none: a plain dot. */
  n?: number;
  /** WGS84, converted from the register's British National Grid on the server. */
  lat: number;
  lng: number;
  /** The business's name, read out and shown in the popup. */
  title: string;
  /** Where the popup's link goes (the profile). */
  href?: string;
}

/** What a marker is called, on the map and to assistive technology: "1. Acme Waste Ltd". */
export function markerLabel(marker: Pick<MapMarker, "n" | "title">): string {
  return marker.n === undefined ? marker.title : `${marker.n}. ${marker.title}`;
}
