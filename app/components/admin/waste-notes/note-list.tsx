/**
 * Every company's waste notes as cards (readable at 375 px): note number, dates, EWC code and
 * hazard, what and how much, the carrier, the company that wrote it; Open note (the note's own
 * page) and Download PDF.
 */
import { Download, ExternalLink } from "lucide-react";
import { Link } from "react-router";
import { EmptyState } from "~/components/enquiries/admin-parts";
import { Badge } from "~/components/ui/badge";
import { buttonVariants } from "~/components/ui/button";
import type { AdminNoteRow } from "~/modules/waste-notes/search-all-notes.server";
import { pdfPath, viewPath } from "~/modules/waste-notes/storage-keys";
import { formatDateTime } from "~/platform/dates";

export function NoteList({ rows, empty }: { rows: AdminNoteRow[]; empty: string }) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="space-y-3" aria-label="Waste notes">
      {rows.map((n) => (
        <li
          key={n.id}
          data-testid="admin-note"
          className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="font-mono text-base font-semibold text-slate-900">
              <span className="sr-only">Note </span>
              {n.id.slice(0, 8)}
            </h2>
            <div className="flex flex-wrap gap-1">
              <Badge tone="blue">{n.ewc_code}</Badge>
              {n.hazardous ? <Badge tone="red">Hazardous</Badge> : null}
              <Badge tone="slate">{n.waste_type}</Badge>
            </div>
          </div>
          <p className="mt-2 text-sm break-words text-slate-800">{n.description}</p>
          <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-medium text-slate-600">Created</dt>
            <dd className="text-slate-900">{formatDateTime(n.created_at, "short")}</dd>
            <dt className="font-medium text-slate-600">Collected</dt>
            <dd className="text-slate-900">{formatDateTime(n.collection_date_time, "short")}</dd>
            <dt className="font-medium text-slate-600">Weight</dt>
            <dd className="text-slate-900">{n.weight} kg</dd>
            <dt className="font-medium text-slate-600">Carrier</dt>
            <dd className="break-words text-slate-900">
              {n.carrier_company} ({n.carrier_license})
            </dd>
            <dt className="font-medium text-slate-600">Written by</dt>
            <dd className="break-words text-slate-900">
              {n.registration_number ? (
                <Link
                  to={`/admin/waste-notes?company=${encodeURIComponent(n.registration_number)}`}
                  className="text-brand-700 underline underline-offset-2"
                >
                  {n.company_name ?? n.registration_number} ({n.registration_number})
                </Link>
              ) : (
                "Public generator"
              )}
            </dd>
          </dl>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link
              to={viewPath(n.id)}
              className={buttonVariants({ variant: "outline", size: "sm" })}
              aria-label={`Open note ${n.id.slice(0, 8)}`}
            >
              <ExternalLink aria-hidden className="size-4" /> Open note
            </Link>
            {n.pdf_ready ? (
              <a
                href={pdfPath(n.id)}
                className={buttonVariants({ variant: "outline", size: "sm" })}
                aria-label={`Download PDF of note ${n.id.slice(0, 8)}`}
              >
                <Download aria-hidden className="size-4" /> Download PDF
              </a>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
