import { FilePlus2, RefreshCw, ShieldAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link, useFetchers, useNavigation, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { NoteDetails } from "~/components/waste-notes/note-view/note-details";
import { NoteHeader } from "~/components/waste-notes/note-view/note-header";
import { NoteSidebar } from "~/components/waste-notes/note-view/note-sidebar";
import { SeasonTicketCard } from "~/components/waste-notes/lifecycle/season-ticket-card";
import { NoteRefusalNotice } from "~/components/company/note-refusal-notice";
import { getCompanyListing } from "~/modules/company/company-listing.server";
import { getNoteDescription } from "~/modules/waste-notes/describe-note.server";
import { getNoteManagement, getOwnerOffer } from "~/modules/waste-notes/owned-note.server";
import { getPdfState } from "~/modules/waste-notes/pdf-state.server";
import { getApp } from "~/web/context";
import { getUser } from "~/web/guards.server";
import type { Route } from "./+types/view";
import { pageMeta } from "~/web/meta";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const submitted = new URL(request.url).searchParams.has("submitted");
  // "Generate New": a signed-in company user writes through the company form (issue 14, item 8).
  const user = await getUser(request, context);
  const listing = user ? await getCompanyListing(db, user.id) : null;
  const generateHref = listing ? "/company/waste-note" : "/wastenotegeneration";
  // The owner (the signed-in user's company wrote the note) may repeat, correct or void it (decision 0711).
  const { canManage, seasonTicketDays } = await getNoteManagement(db, params.id, listing?.registrationNumber);
  // The customer's e-mail and what came of it are the owner's only: anyone else's copy of the
  // page (and its .data) never holds them (decision 0712).
  const note = await getNoteDescription(db, params.id, { owner: canManage });
  if (!note)
    return data(
      {
        note: null,
        submitted: false,
        generateHref,
        pdfFailed: false,
        canManage: false,
        seasonTicketDays: null,
        offer: null,
      },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  // A PDF whose job failed for good is said so (no endless "being prepared").
  const pdfFailed = !note.pdfUrl && (await getPdfState(db, note.id)).status === "failed";
  // The owner's actions the server would accept now: a suspended or unapproved listing, or an
  // expired registration, holds some back, and the page says why once (decisions 0249, 0253).
  const offer =
    canManage && listing
      ? await getOwnerOffer(db, listing.registrationNumber, {
          current: note.versionInfo.current,
          voided: !!note.voided,
          seasonTicket: !!seasonTicketDays,
        })
      : null;
  return data(
    { note, submitted, generateHref, pdfFailed, canManage, seasonTicketDays, offer },
    { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } },
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: loaderData?.note
      ? `Waste Transfer Note ${loaderData.note.id.slice(0, 8)}`
      : "Waste Note Not Found",
    noindex: true,
  });
}

const MAX_RETRIES = 5;

/**
 * While the PDF or QR code is being made: revalidate after 1 s, 2 s, 4 s... up to 5 times. Not
 * while the owner is sending a form (a season ticket's transfer, say) or leaving the page: its
 * answer reloads the page anyway, and a reload racing a fetcher's redirect is one request too many.
 */
function useRetryUntilReady(ready: boolean): { waiting: boolean; gaveUp: boolean } {
  const { revalidate, state } = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (ready || attempt >= MAX_RETRIES || state !== "idle" || busy) return;
    const timer = setTimeout(
      () => {
        setAttempt((a) => a + 1);
        void revalidate();
      },
      1000 * 2 ** attempt,
    );
    return () => clearTimeout(timer);
  }, [ready, attempt, state, busy, revalidate]);
  return { waiting: !ready && attempt < MAX_RETRIES, gaveUp: !ready && attempt >= MAX_RETRIES };
}

/** The public waste note page: header, the note's details and the verification / QR sidebar. */
export default function WasteNoteView({ loaderData }: Route.ComponentProps) {
  const { note, submitted, generateHref, pdfFailed, canManage, seasonTicketDays, offer } = loaderData;
  const ready = !!note?.pdfUrl && !!note?.qrUrl;
  const { waiting, gaveUp } = useRetryUntilReady(!note || ready || pdfFailed);
  // The success message shows once: drop ?submitted=1 from the address (reload or share shows the plain note).
  useEffect(() => {
    if (!submitted) return;
    const url = new URL(window.location.href);
    if (!url.searchParams.has("submitted")) return;
    url.searchParams.delete("submitted");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, [submitted]);

  if (!note) return <NoteNotFound generateHref={generateHref} />;

  return (
    <main className="bg-slate-50 pb-16">
      <NoteHeader
        note={note}
        submitted={submitted}
        generateHref={generateHref}
        pdfFailed={pdfFailed}
        waiting={waiting}
        gaveUp={gaveUp}
        offer={offer}
      />
      <div className="mx-auto grid max-w-5xl gap-6 px-4 pt-6 lg:grid-cols-[1fr_16rem]">
        <div className="min-w-0 space-y-6">
          {offer?.notice ? <NoteRefusalNotice refusal={offer.notice} navigation={false} /> : null}
          {offer?.transfer && seasonTicketDays ? (
            // A new form once a transfer is added: empty fields, no earlier refusal left showing.
            <SeasonTicketCard
              key={note.seasonTicket?.transfers.length ?? 0}
              noteId={note.id}
              days={seasonTicketDays}
            />
          ) : null}
          <NoteDetails note={note} />
        </div>
        <NoteSidebar note={note} pdfFailed={pdfFailed} canManage={canManage} canSend={!!offer?.send} />
      </div>
    </main>
  );
}

/** No note with this id: say so and offer to generate one. */
function NoteNotFound({ generateHref }: { generateHref: string }) {
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <ShieldAlert className="mx-auto size-12 text-slate-400" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Waste Note Not Found</h1>
      <p className="mt-3 text-slate-600">
        We could not find a waste note with this id. Check the link or QR code, or create a new note.
      </p>
      <Button asChild className="mt-8">
        <Link to={generateHref}>
          <FilePlus2 className="size-4" aria-hidden /> Generate a waste note
        </Link>
      </Button>
    </main>
  );
}

/** Loading failed for another reason than "not found" (the database was unavailable, say). */
export function ErrorBoundary() {
  return (
    <main className="mx-auto max-w-xl px-4 py-20 text-center">
      <ShieldAlert className="mx-auto size-12 text-slate-400" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Failed to load waste note</h1>
      <p className="mt-3 text-slate-600">
        Something went wrong while loading this note. Please try again in a moment.
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <a
          href=""
          className="inline-flex h-10 items-center gap-2 rounded-md bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700"
        >
          <RefreshCw className="size-4" aria-hidden /> Try again
        </a>
        <Button asChild variant="outline">
          <Link to="/wastenotegeneration">Generate a waste note</Link>
        </Button>
      </div>
    </main>
  );
}
