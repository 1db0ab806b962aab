import { ChevronLeftIcon } from "~/components/ui/icons/chevron-left";
import { ChevronRightIcon } from "~/components/ui/icons/chevron-right";
import { SiteLink } from "~/components/ui/site-link";
import { cn } from "~/components/ui/cn";

/** Page numbers around the current one, plus the first and last pages. */
export function pageWindow(current: number, count: number, radius = 2): (number | "gap")[] {
  const pages = new Set<number>([1, count]);
  for (let p = current - radius; p <= current + radius; p++) if (p >= 1 && p <= count) pages.add(p);
  const sorted = [...pages].filter((p) => p >= 1).sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const p of sorted) {
    const prev = out[out.length - 1];
    if (typeof prev === "number" && p - prev > 1) out.push("gap");
    out.push(p);
  }
  return out;
}

const base = "page-link";

export function Pagination({
  current,
  count,
  href,
}: {
  current: number;
  count: number;
  href: (page: number) => string;
}) {
  if (count <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-1.5">
      {current > 1 ? (
        <SiteLink
          to={href(current - 1)}
          className={cn(base, "border-slate-300 bg-white text-slate-800 hover:bg-slate-50")}
          rel="prev"
        >
          <ChevronLeftIcon aria-hidden className="h-4 w-4" /> Previous
        </SiteLink>
      ) : (
        <span className={cn(base, "cursor-not-allowed border-slate-200 text-slate-500")} aria-disabled="true">
          <ChevronLeftIcon aria-hidden className="h-4 w-4" /> Previous
        </span>
      )}
      {pageWindow(current, count).map((p, i) =>
        p === "gap" ? (
          <span key={`gap-${i}`} className="px-1 text-slate-500" aria-hidden>
            …
          </span>
        ) : p === current ? (
          <span key={p} aria-current="page" className={cn(base, "border-brand-600 bg-brand-600 text-white")}>
            <span className="sr-only">Page </span>
            {p}
          </span>
        ) : (
          <SiteLink
            key={p}
            to={href(p)}
            className={cn(base, "border-slate-300 bg-white text-slate-800 hover:bg-slate-50")}
          >
            <span className="sr-only">Page </span>
            {p}
          </SiteLink>
        ),
      )}
      {current < count ? (
        <SiteLink
          to={href(current + 1)}
          className={cn(base, "border-slate-300 bg-white text-slate-800 hover:bg-slate-50")}
          rel="next"
        >
          Next <ChevronRightIcon className="h-4 w-4" />
        </SiteLink>
      ) : (
        <span className={cn(base, "cursor-not-allowed border-slate-200 text-slate-500")} aria-disabled="true">
          Next <ChevronRightIcon className="h-4 w-4" />
        </span>
      )}
    </nav>
  );
}
