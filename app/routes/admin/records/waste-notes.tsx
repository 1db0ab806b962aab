/**
 * /admin/waste-notes: every company's waste notes (and the public generator's), newest first,
 * keyset-paged, searched by note number, carrier, EWC code, company and UK days (decision 0804).
 * A note opens on its own page (/waste-note/:id) with its PDF, as for anyone holding its link.
 */
import { FilteredListPage } from "~/components/admin/filtered-list-page";
import { NoteList } from "~/components/admin/waste-notes/note-list";
import { NoteSearchForm } from "~/components/admin/waste-notes/note-search-form";
import { hasNoteSearch, parseNoteSearch } from "~/modules/waste-notes/note-search-filters";
import { searchAllWasteNotes } from "~/modules/waste-notes/search-all-notes.server";
import { getApp } from "~/web/context";
import { loadFilteredList } from "~/web/filtered-list.server";
import { requireAdmin } from "~/web/guards.server";
import { adminMeta } from "~/web/meta";
import type { Route } from "./+types/waste-notes";

export const meta = () => adminMeta("Waste Notes");

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  return loadFilteredList(
    context,
    url,
    parseNoteSearch(url.searchParams),
    (p, req) => searchAllWasteNotes(getApp(context).db, p.search, req),
    "waste notes",
  );
}

export default function AdminWasteNotes({ loaderData }: Route.ComponentProps) {
  const { filters, errors } = loaderData;
  return (
    <FilteredListPage
      title="Waste Notes"
      description="Every company's waste transfer notes and the public generator's, newest first."
      list={loaderData}
      filtered={hasNoteSearch(filters)}
      empty={{
        invalid: "Correct the search above to see the notes.",
        unmatched: "No matching waste notes found",
        none: "No waste notes yet",
      }}
      form={<NoteSearchForm filters={filters} errors={errors} />}
    >
      {(rows, empty) => <NoteList rows={rows} empty={empty} />}
    </FilteredListPage>
  );
}
