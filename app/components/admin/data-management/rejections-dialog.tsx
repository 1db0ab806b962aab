import { useNavigate, useSearchParams } from "react-router";
import { Dialog } from "~/components/ui/dialog";
import type { RejectionView, SyncLogView } from "~/modules/register-sync/list-sync-logs.server";
import { formatDateTime } from "~/platform/dates";

interface RejectionsDialogProps {
  rejections: { syncId: string; rows: RejectionView[] };
  logs: SyncLogView[];
  debug: boolean;
}

/** The rejected lines of one run (?rejections=<sync id>), in a dialog. */
export function RejectionsDialog({ rejections, logs, debug }: RejectionsDialogProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const rejectionLog = logs.find((l) => l.id === rejections.syncId);
  const closeRejections = () => {
    const next = new URLSearchParams(params);
    next.delete("rejections");
    navigate(`/admin/data-management${next.size ? `?${next}` : ""}`, {
      preventScrollReset: true,
      replace: true,
    });
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => (!open ? closeRejections() : undefined)}
      closeHref={`/admin/data-management${debug ? "?debug=1" : ""}`}
      title="Rejected lines"
      description={
        rejectionLog
          ? `${rejectionLog.recordsRejected.toLocaleString("en-GB")} rejected in the run started ${formatDateTime(rejectionLog.createdAt, "short")}${rejectionLog.recordsRejected > rejections.rows.length ? ` (the first ${rejections.rows.length} shown)` : ""}`
          : undefined
      }
    >
      {rejections.rows.length === 0 ? (
        <p className="text-sm text-slate-600">No rejected lines were stored for this run.</p>
      ) : (
        <RejectedLinesTable rows={rejections.rows} />
      )}
    </Dialog>
  );
}

/** The table's column headings, each with its cell padding. */
const HEADINGS = [
  ["Line", "py-1 pr-3"],
  ["Registration number", "py-1 pr-3"],
  ["Reason", "py-1"],
] as const;

/** The table of rejected lines: line, registration number, reason. */
function RejectedLinesTable({ rows }: { rows: RejectionView[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Rejected lines</caption>
      <thead>
        <tr>
          {HEADINGS.map(([label, className]) => (
            <th key={label} scope="col" className={className}>
              {label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={`${r.line}-${i}`} className="border-t border-slate-100" data-testid="rejected-line">
            <td className="py-1 pr-3 tabular-nums">{r.line}</td>
            <td className="py-1 pr-3 font-mono">{r.registrationNumber ?? "–"}</td>
            <td className="py-1">{r.reason}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
