import { Database } from "lucide-react";
import { Link } from "react-router";
import { ScrollTable } from "~/components/admin/scroll-table";
import { Card } from "~/components/ui/card";
import { Td, Th } from "~/components/ui/table";
import type { SyncLogView } from "~/modules/register-sync/list-sync-logs.server";
import { formatDateTime } from "~/platform/dates";
import { StatusBadge } from "./status-badge";

function seconds(ms: number | null): string {
  if (ms === null) return "–";
  return `${(ms / 1000).toFixed(1)} s`;
}

/** The sync history table (newest first); a run's rejected count links to its rejected lines. */
export function SyncHistory({ logs, debug }: { logs: SyncLogView[]; debug: boolean }) {
  return (
    <section className="mt-8" aria-labelledby="history-heading">
      <h2 id="history-heading" className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Database aria-hidden className="h-5 w-5 text-brand-700" /> Sync history
      </h2>
      {logs.length === 0 ? (
        <Card className="p-6 text-center text-slate-600">No sync logs found</Card>
      ) : (
        <ScrollTable label="Sync history, newest first" className="min-w-[56rem]">
          <thead>
            <tr>
              <Th>Started</Th>
              <Th>Status</Th>
              <Th>Trigger</Th>
              <Th className="text-right">Processed</Th>
              <Th className="text-right">Added</Th>
              <Th className="text-right">Updated</Th>
              <Th className="text-right">Removed</Th>
              <Th className="text-right">Rejected</Th>
              <Th>Duration</Th>
              <Th>Error</Th>
            </tr>
          </thead>
          <tbody>
            {logs.map((l) => (
              <SyncHistoryRow key={l.id} log={l} debug={debug} />
            ))}
          </tbody>
        </ScrollTable>
      )}
    </section>
  );
}

/** One run of the history table. */
function SyncHistoryRow({ log: l, debug }: { log: SyncLogView; debug: boolean }) {
  return (
    <tr data-testid="sync-row">
      <Td className="whitespace-nowrap">{formatDateTime(l.createdAt, "short")}</Td>
      <Td>
        <StatusBadge status={l.status} />
      </Td>
      <Td>{l.trigger}</Td>
      <Td className="text-right tabular-nums">{l.recordsProcessed.toLocaleString("en-GB")}</Td>
      <Td className="text-right tabular-nums">{l.recordsAdded.toLocaleString("en-GB")}</Td>
      <Td className="text-right tabular-nums">{l.recordsUpdated.toLocaleString("en-GB")}</Td>
      <Td className="text-right tabular-nums">
        {l.recordsRemoved.toLocaleString("en-GB")}
        {l.removalsHeld > 0 && !l.removalsConfirmed ? (
          <span className="block text-xs font-semibold whitespace-nowrap text-amber-800">
            {l.removalsHeld.toLocaleString("en-GB")} held
          </span>
        ) : null}
      </Td>
      <Td className="text-right tabular-nums">
        {l.recordsRejected > 0 && l.storedRejections > 0 ? (
          <Link
            to={`?${new URLSearchParams({ ...(debug ? { debug: "1" } : {}), rejections: l.id })}`}
            preventScrollReset
            className="font-semibold text-brand-700 underline"
            aria-label={`${l.recordsRejected} rejected: view the rejected lines of the run started ${formatDateTime(l.createdAt, "short")}`}
          >
            {l.recordsRejected.toLocaleString("en-GB")}
          </Link>
        ) : (
          l.recordsRejected.toLocaleString("en-GB")
        )}
      </Td>
      <Td className="whitespace-nowrap">{l.status === "running" ? "running" : seconds(l.durationMs)}</Td>
      <Td className="max-w-xs text-sm text-red-800">{l.errorMessage ?? ""}</Td>
    </tr>
  );
}
