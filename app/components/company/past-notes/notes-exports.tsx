/**
 * Past Waste Notes: the exports of the chosen collection days (decision 0713): the waste items as
 * CSV (with the other filters too) and the digital waste tracking movement records as JSON (the
 * current notes of those days).
 */
import { Braces, FileSpreadsheet } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { filtersToParams, type PastNotesFilters } from "~/modules/waste-notes/past-notes-filters";
import { formatDate } from "~/platform/dates";

function rangeLabel({ from, to }: PastNotesFilters): string {
  if (!from && !to) return "every day";
  const day = (d: string) => formatDate(d, "numeric") || d;
  if (from && to) return `collected ${day(from)} to ${day(to)}`;
  return from ? `collected from ${day(from)}` : `collected up to ${day(to)}`;
}

export function NotesExports({ filters }: { filters: PastNotesFilters }) {
  const days = filtersToParams({ from: filters.from, to: filters.to });
  const all = filtersToParams({ ...filters, q: "" });
  const range = rangeLabel(filters);
  return (
    <section
      aria-label="Exports"
      className="mt-4 flex flex-wrap items-center gap-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
    >
      <span className="text-slate-700">Export ({range}):</span>
      <a
        href={`/company/waste-notes/items.csv${all ? `?${all}` : ""}`}
        download
        className={buttonVariants({ variant: "outline", size: "sm" })}
      >
        <FileSpreadsheet aria-hidden className="size-4" /> Waste items (CSV)
      </a>
      <a
        href={`/company/waste-notes/dwt.json${days ? `?${days}` : ""}`}
        download
        className={buttonVariants({ variant: "outline", size: "sm" })}
      >
        <Braces aria-hidden className="size-4" /> Digital waste tracking (JSON)
      </a>
    </section>
  );
}
