import { MapPinOffIcon } from "~/components/ui/icons/map-pin-off";
import { SiteLink } from "~/components/ui/site-link";
import { searchHref } from "~/modules/directory/search-input";
import type { SearchLocation } from "~/modules/directory/search-location.server";

/**
 * A place that could not be searched around: an unknown place ("We couldn't find LS99 9ZZ; …")
 * with the nearest known names as links, or a position outside Great Britain.
 */
export function PlaceNotice({ location }: { location: SearchLocation | undefined }) {
  if (!location || location.status === "found") return null;
  const suggestions = location.status === "unknown" ? location.suggestions : [];
  return (
    <div role="status" className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950">
      <p className="flex items-start gap-2 font-semibold">
        <MapPinOffIcon aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
        {location.message}
      </p>
      {suggestions.length ? (
        <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
          <span>Did you mean:</span>
          {suggestions.map((s) => (
            <SiteLink
              key={`${s.kind}:${s.label}`}
              to={searchHref({ near: s.label })}
              className="rounded-full bg-white px-3 py-1 font-medium text-brand-800 ring-1 ring-amber-300 hover:bg-amber-100"
            >
              {s.label}
            </SiteLink>
          ))}
        </div>
      ) : null}
    </div>
  );
}
