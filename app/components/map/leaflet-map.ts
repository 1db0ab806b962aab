/**
 * Leaflet, its stylesheet and our markers: loaded only when a visitor opens a map (lazy-map.tsx
 * imports this module dynamically), so a page with the map closed carries none of it.
 * Markers are divIcons (no marker images); with the tiles unreachable the markers, their popups
 * and the keyboard still work on the grey background.
 */
import * as leaflet from "leaflet";
import "leaflet/dist/leaflet.css";
import "./map.css";
import { markerLabel, type MapMarker } from "./markers";

// Leaflet is a CommonJS (UMD) package: depending on the bundler its exports arrive as the
// namespace itself or as its default.
const L = (leaflet as unknown as { default?: typeof leaflet }).default ?? leaflet;

export interface LeafletMapOptions {
  markers: MapMarker[];
  tileUrl: string;
  attribution: string;
}

export interface LeafletMap {
  remove(): void;
}

/** Closest zoom for a single marker or a tight group (street level). */
const MAX_ZOOM = 15;

export function createLeafletMap(
  container: HTMLElement,
  { markers, tileUrl, attribution }: LeafletMapOptions,
): LeafletMap {
  // The page scrolls past the map: the wheel zooms only once the map has been clicked or focused.
  const map = L.map(container, { scrollWheelZoom: false });
  map.on("focus", () => map.scrollWheelZoom.enable());
  map.on("blur", () => map.scrollWheelZoom.disable());
  L.tileLayer(tileUrl, { attribution, maxZoom: 19 }).addTo(map);

  const shown = markers.filter((m) => Number.isFinite(m.lat) && Number.isFinite(m.lng));
  const points = shown.map((m) => L.latLng(m.lat, m.lng));
  // The view first: Leaflet puts markers in the page only once the map has one.
  if (points.length === 1) map.setView(points[0], MAX_ZOOM);
  else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: MAX_ZOOM });
  else map.setView([54.5, -3], 5); // Great Britain, should a caller pass no usable marker

  shown.forEach((marker, i) => {
    const label = markerLabel(marker);
    const numbered = marker.n !== undefined;
    const icon = L.divIcon({
      className: numbered ? "map-marker" : "map-marker map-marker--dot",
      html: numbered ? String(marker.n) : "",
      iconSize: numbered ? [30, 30] : [22, 22],
      popupAnchor: [0, numbered ? -15 : -11],
    });
    const content = popupContent(marker, label);
    const pin = L.marker(points[i], { icon, title: label, keyboard: true, riseOnHover: true })
      .bindPopup(content)
      .addTo(map);
    const element = pin.getElement();
    // Read out as "1. Acme Waste Ltd", not as its number alone.
    element?.setAttribute("aria-label", label);
    // Opened from the keyboard (Enter on the marker), the popup takes the focus: its link would
    // otherwise come after every other marker. Closed (Escape, ×), the focus goes back to the marker.
    let fromKeyboard = false;
    pin.on("popupopen", () => {
      const popup = pin.getPopup()?.getElement();
      // Leaflet's Escape works only while the map itself has the focus; inside the popup, too.
      if (popup && !popup.dataset.escapeCloses) {
        popup.dataset.escapeCloses = "true";
        popup.addEventListener("keydown", (event) => {
          if (event.key === "Escape") pin.closePopup();
        });
      }
      fromKeyboard = !!element && document.activeElement === element;
      if (fromKeyboard) content.querySelector("a")?.focus({ preventScroll: true });
    });
    pin.on("popupclose", () => {
      const active = document.activeElement;
      const lost = !active || active === document.body || !!pin.getPopup()?.getElement()?.contains(active);
      if (fromKeyboard && lost) element?.focus();
      fromKeyboard = false;
    });
  });

  return { remove: () => map.remove() };
}

/** The popup, built as elements: names and links are never parsed as HTML. */
function popupContent(marker: MapMarker, label: string): HTMLElement {
  const box = document.createElement("div");
  box.className = "map-popup";
  if (marker.href) {
    const link = document.createElement("a");
    link.href = marker.href;
    link.textContent = label;
    box.append(link);
  } else {
    const name = document.createElement("strong");
    name.textContent = label;
    box.append(name);
  }
  return box;
}
