/**
 * /company/waste-notes: Past Waste Notes. Counters, a search over description, EWC code, waste
 * type and address, and filters by collection days, hazardous, customer and status (a GET form,
 * so it works without JavaScript and the URL can be shared; decision 0713), the spec's cards with
 * the customer and the status, pages of 20, the CSV export of every note, and the exports of the
 * chosen days (items CSV, digital waste tracking JSON).
 */
import { useMemo } from "react";
import { data } from "react-router";
import { CompanyPageUnavailable } from "~/components/company/account-not-found";
import { NoMatchingNotes, NoNotesYet } from "~/components/company/past-notes/empty-states";
import { NoteCard } from "~/components/company/past-notes/note-card";
import { NotesPager } from "~/components/company/past-notes/notes-pager";
import { NotesExports } from "~/components/company/past-notes/notes-exports";
import { NotesSearch } from "~/components/company/past-notes/notes-search";
import { NoteCountersSection, PastNotesHeader } from "~/components/company/past-notes/past-notes-header";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { getCompanyListing } from "~/modules/company/company-listing.server";
import { formatDate, formatDateTime } from "~/platform/dates";
import { listCompanyNotes, noteStatus } from "~/modules/waste-notes/list-notes.server";
import { EMPTY_NOTES_QUERY, parsePastNotesFilters } from "~/modules/waste-notes/past-notes-filters";
import { locationTitle } from "~/modules/waste-notes/location-title";
import type { Database } from "~/platform/db/database.server";
import type { Route } from "./+types/waste-notes";
import { companyUser } from "./company-user.server";
import { pageMeta } from "~/web/meta";

const PAGE_SIZE = 20;

export function meta() {
  return pageMeta({ title: "Past Waste Notes", noindex: true });
}

export async function loader(args: Route.LoaderArgs) {
  const { user, app } = await companyUser(args);
  try {
    return await loadNotes(app.db, user.id, user.email, args.url);
  } catch (error) {
    app.log.error({ err: error }, "past waste notes failed to load");
    return data({ email: user.email, list: null, loadError: "Could not load waste notes" }, { status: 500 });
  }
}

async function loadNotes(db: Database, userId: string, email: string, url: URL) {
  const listing = await getCompanyListing(db, userId);
  if (!listing) return { email, list: null, loadError: null };
  const parsed = parsePastNotesFilters(url.searchParams);
  // A day that cannot be read is said beside its field; the other filters still apply.
  const query = parsed.ok ? parsed.query : filtersWithoutDays(url);
  const requested = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(requested) && requested > 0 ? Math.min(requested, 10_000) : 1;
  const result = await listCompanyNotes(db, listing.registrationNumber, {
    filters: query,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return {
    email,
    loadError: null,
    list: {
      filters: parsed.filters,
      filterErrors: parsed.ok ? {} : parsed.errors,
      page,
      pages: Math.max(1, Math.ceil(result.matching / PAGE_SIZE)),
      counters: result.counters,
      matching: result.matching,
      listed: result.listed,
      notes: result.notes.map((n) => ({
        id: n.id,
        title: locationTitle(n.origin_address) || "Waste note",
        hazardous: n.hazardous,
        wasteType: n.waste_type,
        ewcCode:
          [...new Set((result.items.get(n.id) ?? []).flatMap((i) => i.ewc_codes))].join(", ") || n.ewc_code,
        customer: n.transferor_name,
        status: noteStatus(n),
        description: n.description,
        collection: formatDateTime(n.collection_date_time),
        weight: Number(n.weight).toLocaleString("en-GB", { maximumFractionDigits: 2 }),
        vehicle: n.vehicle_reg,
        carrier: n.carrier_company,
        created: formatDate(n.created_at),
        pdfUrl: n.pdf_url,
      })),
    },
  };
}

function filtersWithoutDays(url: URL) {
  const params = new URLSearchParams(url.searchParams);
  params.delete("from");
  params.delete("to");
  const parsed = parsePastNotesFilters(params);
  return parsed.ok ? parsed.query : EMPTY_NOTES_QUERY;
}

export default function PastWasteNotes({ loaderData }: Route.ComponentProps) {
  const { list, email, loadError } = loaderData;
  const loadToast = useMemo<ToastMessage | null>(
    () => (loadError ? { title: "Error", description: loadError, variant: "destructive" } : null),
    [loadError],
  );
  useToastOnce(loadToast);
  if (loadError || !list)
    return (
      <CompanyPageUnavailable
        title="Past Waste Notes"
        email={email}
        loadError={loadError}
        width="max-w-5xl"
      />
    );
  const { filters, filterErrors, page, pages, counters, matching, listed, notes } = list;
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <PastNotesHeader total={counters.total} />
      <NoteCountersSection counters={counters} />
      {counters.total === 0 ? (
        <NoNotesYet />
      ) : (
        <>
          <NotesSearch
            filters={filters}
            errors={filterErrors}
            total={listed}
            matching={matching}
            page={page}
            pages={pages}
          />
          <NotesExports filters={filters} />
          {notes.length === 0 ? (
            <NoMatchingNotes />
          ) : (
            <ul className="mt-4 space-y-4" aria-label="Waste notes">
              {notes.map((n) => (
                <li key={n.id}>
                  <NoteCard note={n} />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 ? <NotesPager filters={filters} page={page} pages={pages} /> : null}
        </>
      )}
    </main>
  );
}
