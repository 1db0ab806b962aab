/** Past Waste Notes: Previous and Next between pages, keeping the search. */
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";

function pageHref(q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : ".";
}

export function NotesPager({ q, page, pages }: { q: string; page: number; pages: number }) {
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={pageHref(q, page - 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
          <ChevronLeft aria-hidden className="size-4" /> Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-700">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={pageHref(q, page + 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
          Next <ChevronRight aria-hidden className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
