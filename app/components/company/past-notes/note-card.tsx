/** Past Waste Notes: one note as a card, with Download PDF, View Details and Repeat. */
import { AlertTriangle, Eye, Repeat } from "lucide-react";
import { Link } from "react-router";
import { DownloadPdfButton } from "~/components/waste-notes/download-pdf-button";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { NOTE_STATUS_LABELS, type NoteStatus } from "~/modules/waste-notes/past-notes-filters";

const STATUS_TONES: Record<NoteStatus, "green" | "slate" | "red" | "amber"> = {
  current: "green",
  superseded: "slate",
  void: "red",
  awaiting: "amber",
};

/** A note as the page lists it (dates and weight already formatted). */
export interface PastNote {
  id: string;
  title: string;
  hazardous: boolean;
  wasteType: string;
  /** The EWC codes of every item, joined. */
  ewcCode: string;
  /** The customer (transferor). */
  customer: string;
  status: NoteStatus;
  description: string;
  collection: string;
  weight: string;
  vehicle: string;
  carrier: string;
  created: string;
  pdfUrl: string | null;
}

function NoteFacts({ note: n }: { note: PastNote }) {
  const facts: { label: string; value: string; className?: string }[] = [
    { label: "Customer", value: n.customer || "Not given", className: "font-medium break-words" },
    { label: "Collection", value: n.collection },
    { label: "Weight", value: `${n.weight} kg` },
    { label: "Vehicle", value: n.vehicle },
    { label: "Carrier", value: n.carrier, className: "font-medium break-words" },
    { label: "Created", value: n.created },
    { label: "Note ID", value: n.id.slice(0, 8), className: "font-mono font-medium" },
  ];
  return (
    <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {facts.map((fact) => (
        <div key={fact.label}>
          <dt className="text-slate-600">{fact.label}</dt>
          <dd className={fact.className ?? "font-medium"}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function NoteCard({ note: n }: { note: PastNote }) {
  return (
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
              <Badge tone={STATUS_TONES[n.status]} data-testid="note-status">
                {NOTE_STATUS_LABELS[n.status]}
              </Badge>
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
            {n.status !== "superseded" ? (
              // The same collection again: the form filled from this note (decision 0711).
              <Link
                to={`/company/waste-note?from=${n.id}`}
                className={buttonVariants({ variant: "outline", size: "sm" })}
                aria-label={`Repeat this collection (note ${n.id.slice(0, 8)})`}
              >
                <Repeat aria-hidden className="size-4" /> Repeat
              </Link>
            ) : null}
          </div>
        </div>
        <p className="mt-3 text-sm break-words text-slate-800">{n.description}</p>
        <NoteFacts note={n} />
      </CardContent>
    </Card>
  );
}
