/** Past Waste Notes: Previous and Next between pages, keeping the search and filters. */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { filtersToParams, type PastNotesFilters } from "~/modules/waste-notes/past-notes-filters";

function pageHref(filters: PastNotesFilters, page: number) {
  const s = filtersToParams(filters, page > 1 ? { page: String(page) } : {});
  return s ? `?${s}` : ".";
}

export function NotesPager({
  filters,
  page,
  pages,
}: {
  filters: PastNotesFilters;
  page: number;
  pages: number;
}) {
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={pageHref(filters, page - 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ChevronLeft aria-hidden className="size-4" /> Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-700">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageHref(filters, page + 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
          Next <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
