import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { DebugEntry } from "~/modules/register-sync/list-sync-logs.server";
import { formatDateTime } from "~/platform/dates";

/** The Debug card: the last 10 sync jobs with their payload and last error. */
export function DebugJobs({ entries }: { entries: DebugEntry[] | null }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Debug: last 10 sync jobs</CardTitle>
      </CardHeader>
      <CardContent>
        {entries && entries.length > 0 ? (
          <ol className="space-y-2 font-mono text-xs" data-testid="debug-entries">
            {entries.map((e) => (
              <li key={e.id} className="rounded border border-slate-200 bg-slate-50 p-2">
                <span className="font-semibold">#{e.id}</span> {formatDateTime(e.createdAt, "short")} ·{" "}
                {e.status} · attempts {e.attempts}
                <pre className="mt-1 break-all whitespace-pre-wrap">{JSON.stringify(e.payload)}</pre>
                {e.lastError ? <p className="mt-1 text-red-800">{e.lastError}</p> : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-sm text-slate-600">No sync jobs yet.</p>
        )}
      </CardContent>
    </Card>
  );
}
