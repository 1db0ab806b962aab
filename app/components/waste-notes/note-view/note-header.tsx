/**
 * The top band of the waste note page: id, badges (version, season ticket), the download and
 * "Generate New" buttons, the owner's actions (Repeat this collection, Correct, Void: those its
 * listing may take now, decision 0253), what anyone
 * opening the link must know (void with its reason, superseded by a later version) and the PDF
 * preparation status.
 */
import { FilePlus2, Loader2, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { NoteDescription } from "~/modules/waste-notes/describe-note.server";
import type { OwnerOffer } from "~/modules/waste-notes/owned-note.server";
import { MESSAGES } from "~/modules/waste-notes/constants";
import { pdfPath } from "~/modules/waste-notes/storage-keys";
import { DownloadPdfButton } from "../download-pdf-button";
import { NoteStatusBadges, NoteStatusBanners } from "../lifecycle/note-status";
import { OwnerActions } from "../lifecycle/owner-actions";

interface NoteHeaderProps {
  note: NoteDescription;
  submitted: boolean;
  generateHref: string;
  pdfFailed: boolean;
  /** The PDF or QR code is still being made and the page is retrying. */
  waiting: boolean;
  /** The retries ran out before the PDF was ready. */
  gaveUp: boolean;
  /** The signed-in user's company owns the note: the Repeat, Correct and Void it may use now. */
  offer?: OwnerOffer | null;
}

/** The note's title block with the download and "Generate New" buttons, then any status message. */
export function NoteHeader({
  note,
  submitted,
  generateHref,
  pdfFailed,
  waiting,
  gaveUp,
  offer = null,
}: NoteHeaderProps) {
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="mx-auto max-w-5xl px-4 py-8">
        {submitted ? (
          <Alert tone="success" className="mb-6">
            {MESSAGES.submitted}
          </Alert>
        ) : null}
        <div className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
          <div className="min-w-0">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">
              Waste Transfer Note
            </p>
            <h1 className="mt-1 font-mono text-xl font-bold break-all text-slate-900 sm:text-2xl">
              {note.id}
            </h1>
            <p className="mt-2 text-sm text-slate-600">Created {note.created}</p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Badge tone="slate">{note.wasteType}</Badge>
              <EwcBadges note={note} />
              {note.hazardous ? <Badge tone="red">Hazardous Waste</Badge> : null}
              <NoteStatusBadges note={note} />
            </div>
            {offer && (offer.repeat || offer.correct || offer.void) ? (
              <div className="mt-4">
                <OwnerActions noteId={note.id} offer={offer} />
              </div>
            ) : null}
          </div>
          <div className="flex shrink-0 flex-col gap-2 sm:flex-row md:flex-col">
            <DownloadPdfButton id={note.id} pdfUrl={note.pdfUrl} href={pdfPath(note.id)} />
            <Button asChild variant="outline">
              <Link to={generateHref}>
                <FilePlus2 className="size-4" aria-hidden /> Generate New
              </Link>
            </Button>
          </div>
        </div>
        <NoteStatusBanners note={note} />
        <PdfStatus pdfFailed={pdfFailed} waiting={waiting} gaveUp={gaveUp} />
      </div>
    </div>
  );
}

/** "Preparing…", "failed for good" or "still being prepared, refresh" under the title block. */
function PdfStatus({
  pdfFailed,
  waiting,
  gaveUp,
}: {
  pdfFailed: boolean;
  waiting: boolean;
  gaveUp: boolean;
}) {
  return (
    <>
      {waiting ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-600" role="status">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Preparing the PDF and QR code…
          <noscript>
            <a href="" className="font-semibold text-brand-700 underline">
              Refresh
            </a>
          </noscript>
        </p>
      ) : null}
      {pdfFailed ? (
        <Alert tone="error" className="mt-4">
          {MESSAGES.pdfFailedForGood}
        </Alert>
      ) : null}
      {gaveUp ? (
        <p className="mt-4 flex items-center gap-2 text-sm text-slate-600" role="status">
          The PDF is still being prepared.{" "}
          <a href="" className="inline-flex items-center gap-1 font-semibold text-brand-700 underline">
            <RefreshCw className="size-3.5" aria-hidden /> Refresh
          </a>
        </p>
      ) : null}
    </>
  );
}

const MAX_CODE_BADGES = 4;

/** The note's EWC codes (every item's, once each), the first few as badges. */
function EwcBadges({ note }: { note: NoteDescription }) {
  const codes = [...new Set(note.items.flatMap((i) => i.ewcCodes.map((c) => c.code)))];
  const list = codes.length > 0 ? codes : [note.ewcCode];
  const more = list.length - MAX_CODE_BADGES;
  return (
    <>
      {list.slice(0, MAX_CODE_BADGES).map((code) => (
        <Badge key={code} tone="blue">
          EWC {code}
        </Badge>
      ))}
      {more > 0 ? <Badge tone="blue">+{more} more</Badge> : null}
    </>
  );
}
