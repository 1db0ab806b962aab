/**
 * The side column of the waste note page: the customer (the e-mail sent to them and their remote
 * signature, decision 0712), the carrier verification and the QR code.
 */
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { NoteDescription } from "~/modules/waste-notes/describe-note.server";
import { CustomerCard } from "./customer-card";
import { DwtExportLink } from "./dwt-export-link";

/** The customer card (when there is something to say), the carrier verification, the QR code. */
export function NoteSidebar({
  note,
  pdfFailed,
  canManage = false,
  canSend = false,
}: {
  note: NoteDescription;
  pdfFailed: boolean;
  /** The signed-in user's company owns the note: the send status. */
  canManage?: boolean;
  /** …and may send it now: "Send to customer" (decision 0253). */
  canSend?: boolean;
}) {
  return (
    <aside className="space-y-6">
      <CustomerCard note={note} canManage={canManage} canSend={canManage && canSend} />
      {canManage ? <DwtExportLink noteId={note.id} /> : null}
      <VerificationCard note={note} />
      <QrCodeCard qrUrl={note.qrUrl} pdfFailed={pdfFailed} />
    </aside>
  );
}

/** A card of the sidebar: its title and what it holds. */
function SidebarCard({
  title,
  className,
  children,
}: {
  title: string;
  className: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}

/** The register check at creation, the carrier's status now, and a link to check the register. */
function VerificationCard({ note }: { note: NoteDescription }) {
  const v = note.verification;
  return (
    <SidebarCard title="Carrier verification" className="space-y-3 text-sm">
      <p data-testid="register-check" className={v.check.valid ? "text-slate-800" : "text-amber-900"}>
        {v.check.text}
      </p>
      <p data-testid="verification">
        Now: <strong>{v.now}</strong>
      </p>
      {v.nowStatus !== "active" ? (
        <p className="text-amber-800">
          Check the carrier on the public register before relying on this note.
        </p>
      ) : null}
      {v.check.lookUp ? (
        <a
          href={v.check.lookUp.url}
          target="_blank"
          rel="noreferrer"
          className="font-semibold text-brand-700 underline"
        >
          {v.check.lookUp.label}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <Link
          to={`/search-results?query=${encodeURIComponent(note.carrier.licence)}`}
          className="font-semibold text-brand-700 underline"
        >
          Check the register
        </Link>
      )}
    </SidebarCard>
  );
}

/** The note's QR code, or a placeholder while it is being made (or when the PDF failed). */
function QrCodeCard({ qrUrl, pdfFailed }: { qrUrl: string | null; pdfFailed: boolean }) {
  return (
    <SidebarCard title="QR code" className="text-center">
      {qrUrl ? (
        <img
          src={qrUrl}
          alt="QR code linking to this waste note"
          width={180}
          height={180}
          className="mx-auto"
        />
      ) : (
        <div className="mx-auto flex size-44 items-center justify-center rounded-md bg-slate-100 px-3 text-center text-xs text-slate-700">
          {pdfFailed ? "Not available" : "Being prepared…"}
        </div>
      )}
      <p className="mt-2 text-xs text-slate-600">
        Scan to open this note. Keep the note for at least 2 years.
      </p>
    </SidebarCard>
  );
}
