/**
 * A map behind a "Show map" button: Leaflet, its stylesheet and the markers' code (leaflet-map.ts)
 * are fetched only when a visitor opens it, so the page itself carries none of them. The loader
 * gives the tile settings (`mapSettings(config)`, app/web/map-settings.server.ts) and the markers,
 * with coordinates already converted to WGS84 on the server.
 *
 *   <LazyMap markers={[{ n: 1, lat, lng, title: "Acme Waste Ltd", href: "/provider/CBDU1" }]}
 *     {...data.map} label="Map of the results" />
 */
import { MapIcon } from "~/components/ui/icons/map";
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import type { MapSettings } from "~/web/map-settings.server";
import type { createLeafletMap, LeafletMapOptions } from "./leaflet-map";
import type { MapMarker } from "./markers";

export type { MapMarker } from "./markers";

export interface LazyMapProps extends MapSettings {
  markers: MapMarker[];
  /** The map region's accessible name, e.g. "Map of the results". */
  label: string;
  className?: string;
}

type Status = "loading" | "ready" | "failed";

let leafletModule: Promise<{ createLeafletMap: typeof createLeafletMap }> | undefined;
/** The map's code, fetched once per page (again after a failure, e.g. when back online). */
function loadLeafletMap() {
  leafletModule ??= import("./leaflet-map").catch((error: unknown) => {
    leafletModule = undefined;
    throw error;
  });
  return leafletModule;
}

const noSubscription = () => () => {};

export function LazyMap({ markers, tileUrl, attribution, label, className }: LazyMapProps) {
  // The button works once the page's scripts run: until then it says so instead of doing nothing.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>("loading");
  const container = useRef<HTMLDivElement>(null);
  const mapId = useId();
  // The map is built again only when what it shows changes, not on every render of the page.
  const options = JSON.stringify({ markers, tileUrl, attribution } satisfies LeafletMapOptions);

  useEffect(() => {
    const element = container.current;
    if (!open || !element) return;
    let cancelled = false;
    let map: { remove(): void } | undefined;
    loadLeafletMap().then(
      ({ createLeafletMap }) => {
        if (cancelled) return;
        map = createLeafletMap(element, JSON.parse(options) as LeafletMapOptions);
        setStatus("ready");
        // Keyboard users land on the map: arrows pan, + and - zoom, Tab reaches the markers.
        element.focus();
      },
      () => {
        if (!cancelled) setStatus("failed");
      },
    );
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [open, options]);

  if (!markers.length) return null;

  const toggle = () => {
    if (!open) setStatus("loading");
    setOpen(!open);
  };

  return (
    <div className={cn("space-y-3", className)}>
      <Button
        variant="outline"
        aria-expanded={open}
        aria-controls={open ? mapId : undefined}
        onClick={toggle}
        disabled={!hydrated}
      >
        <MapIcon aria-hidden className="h-4 w-4" />
        {open ? "Hide map" : "Show map"}
      </Button>
      {open ? (
        // isolate: Leaflet's panes and controls (z-index 400 to 1000) stay under the page's menus.
        <div className="relative isolate">
          {/* Leaflet's own element: React renders nothing inside it. */}
          <div
            ref={container}
            id={mapId}
            role="region"
            aria-label={label}
            tabIndex={-1}
            data-map-status={status}
            className="h-80 overflow-hidden rounded-lg border border-slate-200 bg-slate-100 shadow-sm md:h-[420px]"
          />
          {status === "ready" ? null : (
            <p
              role="status"
              className="absolute inset-0 flex items-center justify-center rounded-lg p-4 text-center text-sm text-slate-700"
            >
              {status === "loading"
                ? "Loading the map…"
                : "The map could not be loaded. Check your connection and try again."}
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
