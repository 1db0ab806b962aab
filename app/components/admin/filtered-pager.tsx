/**
 * Newer / Older links of a keyset-paged admin list whose filters are several fields (the audit
 * log, the waste note search): every filter stays in the address, only the cursor changes.
 */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

export function FilteredPager({
  prev,
  next,
  filters,
}: {
  prev: string | null;
  next: string | null;
  /** The list's filters as they are in the address (empty values are left out). */
  filters: Record<string, string>;
}) {
  if (!prev && !next) return null;
  const href = (cursor?: [string, string]) => {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
    if (cursor) params.set(cursor[0], cursor[1]);
    const s = params.toString();
    return s ? `?${s}` : "?";
  };
  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-between gap-2">
      {prev ? (
        <Link to={href(["before", prev])} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ChevronLeft aria-hidden className="h-4 w-4" /> Newer
        </Link>
      ) : (
        <span />
      )}
      {prev ? (
        <Link to={href()} className="text-sm font-medium text-brand-700 underline underline-offset-2">
          Back to newest
        </Link>
      ) : null}
      {next ? (
        <Link to={href(["after", next])} className={buttonVariants({ variant: "outline", size: "sm" })}>
          Older <ChevronRight aria-hidden className="h-4 w-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
