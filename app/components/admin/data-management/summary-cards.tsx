import { Card } from "~/components/ui/card";
import type { SyncSummaryCards } from "~/modules/register-sync/list-sync-logs.server";
import { formatDateTime } from "~/platform/dates";
import { StatusBadge } from "./status-badge";

/** The three summary cards: total runs, successful runs, last run. */
export function SummaryCards({ summary }: { summary: SyncSummaryCards | null }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <Card className="p-4">
        <p className="text-sm font-medium text-slate-600">Total Runs</p>
        <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="total-runs">
          {summary?.totalRuns ?? 0}
        </p>
      </Card>
      <Card className="p-4">
        <p className="text-sm font-medium text-slate-600">Successful Runs</p>
        <p className="mt-1 text-3xl font-bold text-slate-900" data-testid="successful-runs">
          {summary?.successfulRuns ?? 0}
        </p>
      </Card>
      <Card className="p-4">
        <p className="text-sm font-medium text-slate-600">Last Run</p>
        {summary?.lastRun ? (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-900">
            <span className="font-semibold">{formatDateTime(summary.lastRun.createdAt, "short")}</span>
            <StatusBadge status={summary.lastRun.status} />
          </p>
        ) : (
          <p className="mt-1 text-slate-600">Never</p>
        )}
      </Card>
    </div>
  );
}
