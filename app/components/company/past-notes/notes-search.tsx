/**
 * Past Waste Notes: the search (a GET form, so it works without JavaScript and the URL can be
 * shared) and the line that says how many notes are shown.
 */
import { Search } from "lucide-react";
import { Form } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/form";

export function NotesSearch({
  q,
  total,
  matching,
  page,
  pages,
}: {
  q: string;
  total: number;
  matching: number;
  page: number;
  pages: number;
}) {
  const countLine = q
    ? `${matching} of ${total} ${total === 1 ? "note" : "notes"} match "${q}"`
    : `Showing ${total} ${total === 1 ? "note" : "notes"}`;
  return (
    <>
      <Form method="get" role="search" className="mt-6 flex gap-2">
        <label htmlFor="notes-search" className="sr-only">
          Search waste notes
        </label>
        <div className="relative flex-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
          />
          <Input
            id="notes-search"
            type="search"
            name="q"
            defaultValue={q}
            maxLength={200}
            placeholder="Search by description, EWC code, waste type, or address..."
            className="pl-9"
          />
        </div>
        <button type="submit" className={buttonVariants({ variant: "outline", size: "md" })}>
          Search
        </button>
      </Form>
      <p className="mt-3 text-sm text-slate-700" role="status" data-testid="result-count">
        {countLine}
        {pages > 1 ? ` · page ${page} of ${pages}` : ""}
      </p>
    </>
  );
}
