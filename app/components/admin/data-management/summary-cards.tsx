import { Card } from "~/components/ui/card";
import type { SyncSummaryCards } from "~/modules/register-sync/list-sync-logs.server";
import { formatDateTime } from "~/platform/dates";
import { StatusBadge } from "./status-badge";

/** The two counts, each a card with its figure. */
const COUNTS = [
  { label: "Total Runs", testId: "total-runs", key: "totalRuns" },
  { label: "Successful Runs", testId: "successful-runs", key: "successfulRuns" },
] as const;

/** The three summary cards: total runs, successful runs, last run. */
export function SummaryCards({ summary }: { summary: SyncSummaryCards | null }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {COUNTS.map(({ label, testId, key }) => (
        <SummaryCard key={key} label={label}>
          <p className="mt-1 text-3xl font-bold text-slate-900" data-testid={testId}>
            {summary?.[key] ?? 0}
          </p>
        </SummaryCard>
      ))}
      <SummaryCard label="Last Run">
        {summary?.lastRun ? (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-900">
            <span className="font-semibold">{formatDateTime(summary.lastRun.createdAt, "short")}</span>
            <StatusBadge status={summary.lastRun.status} />
          </p>
        ) : (
          <p className="mt-1 text-slate-600">Never</p>
        )}
      </SummaryCard>
    </div>
  );
}

function SummaryCard({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Card className="p-4">
      <p className="text-sm font-medium text-slate-600">{label}</p>
      {children}
    </Card>
  );
}
