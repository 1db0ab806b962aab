import { RefreshCw } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { SyncLogView } from "~/modules/register-sync/list-sync-logs.server";
import { formatDateTime } from "~/platform/dates";

/** A running sync's progress: rows read, rate, rejections and the share of the source read. */
export function RunningCard({ log }: { log: SyncLogView }) {
  const pct =
    log.bytesTotal && log.bytesTotal > 0
      ? Math.min(100, Math.round((log.bytesRead / log.bytesTotal) * 100))
      : null;
  return (
    <Card className="mt-6 border-blue-200" data-testid="sync-progress">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <RefreshCw aria-hidden className="h-5 w-5 animate-spin text-blue-700" /> Sync running
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        <p className="text-sm text-slate-700">
          Started {formatDateTime(log.createdAt, "short")} ({log.trigger}).{" "}
          <strong>{log.recordsProcessed.toLocaleString("en-GB")}</strong> rows read
          {log.ratePerSecond !== null ? (
            <>, {log.ratePerSecond.toLocaleString("en-GB")} rows per second</>
          ) : null}
          {log.recordsRejected > 0 ? <>, {log.recordsRejected.toLocaleString("en-GB")} rejected</> : null}.
        </p>
        {pct !== null ? (
          <div>
            <div
              role="progressbar"
              aria-label="Sync progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={pct}
              className="h-3 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-blue-600 transition-all" style={{ width: `${pct}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-600">{pct}% of the source read</p>
          </div>
        ) : (
          <p className="text-xs text-slate-600">
            The size of the source is not known, so no percentage can be shown.
          </p>
        )}
      </CardContent>
    </Card>
  );
}
