import { LocateFixedIcon } from "~/components/ui/icons/locate-fixed";
import { useState, useSyncExternalStore } from "react";
import { useNavigate } from "react-router";
import { cn } from "~/components/ui/cn";
import { searchHref } from "~/modules/directory/search-input";

export const LOCATION_REFUSED =
  "Your browser did not share your location. Allow it for this site, or search for a town or postcode instead.";
export const LOCATION_UNAVAILABLE =
  "We couldn't get your location just now. Try again, or search for a town or postcode instead.";

const noSubscription = () => () => {};

/**
 * "Use my location": asks the browser for the position and searches around it. The server turns
 * WGS84 into British National Grid and says when the position is outside Great Britain. Shown
 * only where the browser can do it (it needs JavaScript and the Geolocation API).
 */
export function UseMyLocation({
  className,
  tone = "on-brand",
}: {
  className?: string;
  tone?: "on-brand" | "light";
}) {
  const navigate = useNavigate();
  // False on the server and during hydration, then whether this browser can tell its position.
  const supported = useSyncExternalStore(
    noSubscription,
    () => "geolocation" in navigator,
    () => false,
  );
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  if (!supported) return null;
  const locate = () => {
    setState({ busy: true, error: null });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setState({ busy: false, error: null });
        const round = (x: number) => Math.round(x * 1e5) / 1e5; // about a metre: no need for more
        void navigate(searchHref({ lat: round(coords.latitude), lng: round(coords.longitude) }));
      },
      (error) =>
        setState({
          busy: false,
          error: error.code === error.PERMISSION_DENIED ? LOCATION_REFUSED : LOCATION_UNAVAILABLE,
        }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  };
  return (
    <div className={className}>
      <button
        type="button"
        onClick={locate}
        disabled={state.busy}
        className={cn(
          "inline-flex h-12 w-full items-center justify-center gap-2 rounded-lg px-4 text-base font-semibold disabled:opacity-70",
          tone === "on-brand"
            ? "border border-white/40 text-white hover:bg-white/10 focus-visible:outline-white"
            : "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
        )}
      >
        <LocateFixedIcon aria-hidden className="h-5 w-5" />
        {state.busy ? "Finding you…" : "Use my location"}
      </button>
      {state.error ? (
        <p role="alert" className={cn("mt-2 text-sm", tone === "on-brand" ? "text-white" : "text-red-800")}>
          {state.error}
        </p>
      ) : null}
    </div>
  );
}
