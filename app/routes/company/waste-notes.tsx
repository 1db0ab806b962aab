/**
 * /company/waste-notes: Past Waste Notes. Counters, a search over description, EWC code, waste
 * type and address (a GET form, so it works without JavaScript and the URL can be shared), the
 * spec's cards, pages of 20, and the CSV export of every note.
 */
import { useMemo } from "react";
import {
  AlertTriangle,
  ChevronLeft,
  ChevronRight,
  Eye,
  FileSpreadsheet,
  FileText,
  Plus,
  Search,
} from "lucide-react";
import { data, Form, Link } from "react-router";
import { AccountNotFound } from "~/components/company/account-not-found";
import { DownloadPdfButton } from "~/components/waste-notes/download-pdf-button";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/form";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { getCompanyListing } from "~/modules/company/company-listing.server";
import { formatDate, formatDateTime } from "~/platform/dates";
import { listCompanyNotes } from "~/modules/waste-notes/list-notes.server";
import { locationTitle } from "~/modules/waste-notes/location-title";
import { getApp } from "~/web/context";
import type { Database } from "~/platform/db/database.server";
import { requireUser } from "~/web/guards.server";
import type { Route } from "./+types/waste-notes";
import { pageMeta } from "~/web/meta";

const PAGE_SIZE = 20;

export function meta() {
  return pageMeta({ title: "Past Waste Notes", noindex: true });
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url);
  const { db, log } = getApp(context);
  try {
    return await loadNotes(db, user.id, user.email, url);
  } catch (error) {
    log.error({ err: error }, "past waste notes failed to load");
    return data({ email: user.email, list: null, loadError: "Could not load waste notes" }, { status: 500 });
  }
}

async function loadNotes(db: Database, userId: string, email: string, url: URL) {
  const listing = await getCompanyListing(db, userId);
  if (!listing) return { email, list: null, loadError: null };
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const requested = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  const page = Number.isFinite(requested) && requested > 0 ? Math.min(requested, 10_000) : 1;
  const result = await listCompanyNotes(db, listing.registrationNumber, {
    search: q,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  return {
    email,
    loadError: null,
    list: {
      q,
      page,
      pages: Math.max(1, Math.ceil(result.matching / PAGE_SIZE)),
      counters: result.counters,
      matching: result.matching,
      notes: result.notes.map((n) => ({
        id: n.id,
        title: locationTitle(n.origin_address) || "Waste note",
        hazardous: n.hazardous,
        wasteType: n.waste_type,
        ewcCode: n.ewc_code,
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

function pageHref(q: string, page: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  const s = params.toString();
  return s ? `?${s}` : ".";
}

function Counter({ label, value, tone }: { label: string; value: number; tone?: "red" }) {
  return (
    <Card>
      <CardContent className="py-4">
        <p className="text-sm font-medium text-slate-600">{label}</p>
        <p
          className={
            tone === "red"
              ? "text-2xl font-bold text-red-700 tabular-nums"
              : "text-2xl font-bold text-slate-900 tabular-nums"
          }
        >
          {value}
        </p>
      </CardContent>
    </Card>
  );
}

export default function PastWasteNotes({ loaderData }: Route.ComponentProps) {
  const { list, email, loadError } = loaderData;
  const loadToast = useMemo<ToastMessage | null>(
    () => (loadError ? { title: "Error", description: loadError, variant: "destructive" } : null),
    [loadError],
  );
  useToastOnce(loadToast);
  if (loadError) {
    return (
      <main className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">Past Waste Notes</h1>
        <Alert tone="error" title="Error" className="mt-6">
          {loadError}. Please try again in a moment.
        </Alert>
      </main>
    );
  }
  if (!list) {
    return (
      <main className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">Past Waste Notes</h1>
        <AccountNotFound email={email} />
      </main>
    );
  }
  const { q, page, pages, counters, matching, notes } = list;
  const countLine = q
    ? `${matching} of ${counters.total} ${counters.total === 1 ? "note" : "notes"} match "${q}"`
    : `Showing ${counters.total} ${counters.total === 1 ? "note" : "notes"}`;
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Past Waste Notes</h1>
          <p className="mt-1 text-sm text-slate-600">
            Keep every note for at least 2 years. The CSV holds all your notes for your records and digital
            waste tracking.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {counters.total > 0 ? (
            <a
              href="/company/waste-notes.csv"
              download
              className={buttonVariants({ variant: "outline", size: "md" })}
            >
              <FileSpreadsheet aria-hidden className="size-4" /> Export CSV
            </a>
          ) : null}
          <Button asChild>
            <Link to="/company/waste-note">
              <Plus aria-hidden className="size-4" /> New Note
            </Link>
          </Button>
        </div>
      </div>

      <section aria-label="Counters" className="mt-6 grid grid-cols-3 gap-3">
        <Counter label="Total Notes" value={counters.total} />
        <Counter
          label="Hazardous"
          value={counters.hazardous}
          tone={counters.hazardous > 0 ? "red" : undefined}
        />
        <Counter label="This Month" value={counters.thisMonth} />
      </section>

      {counters.total === 0 ? (
        <Card className="mt-6">
          <CardContent className="py-12 text-center">
            <FileText aria-hidden className="mx-auto size-10 text-slate-400" />
            <h2 className="mt-3 text-lg font-semibold">No waste notes yet</h2>
            <p className="mt-1 text-sm text-slate-600">Notes you generate appear here.</p>
            <Button asChild className="mt-5">
              <Link to="/company/waste-note">Generate First Note</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
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

          {notes.length === 0 ? (
            <Card className="mt-4">
              <CardContent className="py-12 text-center">
                <Search aria-hidden className="mx-auto size-10 text-slate-400" />
                <h2 className="mt-3 text-lg font-semibold">No matching waste notes found</h2>
                <p className="mt-1 text-sm text-slate-600">Try other words, or clear the search.</p>
                <div className="mt-5 flex flex-wrap justify-center gap-3">
                  <Button asChild variant="outline">
                    <Link to="/company/waste-notes">Clear search</Link>
                  </Button>
                  <Button asChild>
                    <Link to="/company/waste-note">Generate New Note</Link>
                  </Button>
                </div>
              </CardContent>
            </Card>
          ) : (
            <ul className="mt-4 space-y-4" aria-label="Waste notes">
              {notes.map((n) => (
                <li key={n.id}>
                  <Card data-testid="note-card">
                    <CardContent className="py-5">
                      <div className="flex flex-wrap items-start justify-between gap-3">
                        <div className="min-w-0">
                          <h2 className="text-lg font-semibold text-slate-900">{n.title}</h2>
                          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                            {n.hazardous ? (
                              <Badge tone="red">
                                <AlertTriangle aria-hidden className="size-3" /> Hazardous
                              </Badge>
                            ) : null}
                            <Badge tone="blue">{n.wasteType}</Badge>
                            <span>
                              EWC <span className="font-mono font-medium">{n.ewcCode}</span>
                            </span>
                          </p>
                        </div>
                        <div className="flex flex-wrap gap-2">
                          <DownloadPdfButton
                            id={n.id}
                            pdfUrl={n.pdfUrl}
                            href={`/waste-note/${n.id}/pdf`}
                            variant="outline"
                            size="sm"
                          />
                          <Link
                            to={`/waste-note/${n.id}`}
                            className={buttonVariants({ variant: "outline", size: "sm" })}
                            aria-label={`View Details of note ${n.id.slice(0, 8)}`}
                          >
                            <Eye aria-hidden className="size-4" /> View Details
                          </Link>
                        </div>
                      </div>
                      <p className="mt-3 text-sm break-words text-slate-800">{n.description}</p>
                      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
                        <div>
                          <dt className="text-slate-600">Collection</dt>
                          <dd className="font-medium">{n.collection}</dd>
                        </div>
                        <div>
                          <dt className="text-slate-600">Weight</dt>
                          <dd className="font-medium">{n.weight} kg</dd>
                        </div>
                        <div>
                          <dt className="text-slate-600">Vehicle</dt>
                          <dd className="font-medium">{n.vehicle}</dd>
                        </div>
                        <div>
                          <dt className="text-slate-600">Carrier</dt>
                          <dd className="font-medium break-words">{n.carrier}</dd>
                        </div>
                        <div>
                          <dt className="text-slate-600">Created</dt>
                          <dd className="font-medium">{n.created}</dd>
                        </div>
                        <div>
                          <dt className="text-slate-600">Note ID</dt>
                          <dd className="font-mono font-medium">{n.id.slice(0, 8)}</dd>
                        </div>
                      </dl>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          )}

          {pages > 1 ? (
            <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-3">
              {page > 1 ? (
                <Link
                  to={pageHref(q, page - 1)}
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                >
                  <ChevronLeft aria-hidden className="size-4" /> Previous
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm text-slate-700">
                Page {page} of {pages}
              </span>
              {page < pages ? (
                <Link
                  to={pageHref(q, page + 1)}
                  className={buttonVariants({ variant: "outline", size: "sm" })}
                >
                  Next <ChevronRight aria-hidden className="size-4" />
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </main>
  );
}
