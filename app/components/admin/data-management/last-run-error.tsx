import { Alert } from "~/components/ui/alert";
import type { SyncSummaryCards } from "~/modules/register-sync/list-sync-logs.server";
import { formatDateTime } from "~/platform/dates";

/**
 * The last run failed: its error beside the summary's status, not only in the history table
 * (decision 0802). It appears as soon as the page sees the run fail.
 */
export function LastRunError({ lastRun }: { lastRun: SyncSummaryCards["lastRun"] }) {
  if (lastRun?.status !== "error") return null;
  return (
    <Alert tone="error" title="The last sync failed" className="mt-4" data-testid="last-run-error">
      <p>{lastRun.errorMessage ?? "No reason was recorded."}</p>
      <p className="mt-1 text-red-800">Started {formatDateTime(lastRun.createdAt, "short")}.</p>
    </Alert>
  );
}
