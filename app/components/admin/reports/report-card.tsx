/** One carrier report on the admin Reports screen: who, why, when, by whom, and Resolve/Reopen. */
import { CheckCircle2, RotateCcw } from "lucide-react";
import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import type { ReportView } from "~/modules/reports/list-reports.server";
import { formatDateTime } from "~/platform/dates";

export function ReportCard({ report: r }: { report: ReportView }) {
  return (
    <li>
      <Card className="p-5" data-testid="report">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2">
              <Link
                to={`/provider/${encodeURIComponent(r.registrationNumber)}`}
                target="_blank"
                className="font-semibold text-brand-700 underline"
              >
                {r.businessName ?? r.registrationNumber}
              </Link>
              <span className="font-mono text-sm text-slate-600">{r.registrationNumber}</span>
              <Badge tone={r.status === "open" ? "amber" : "green"}>
                {r.status === "open" ? "Open" : "Resolved"}
              </Badge>
            </p>
            <p className="mt-1 text-sm font-medium text-slate-800">{r.reason}</p>
            <p className="text-xs text-slate-600">
              {formatDateTime(r.createdAt, "short")}
              {r.reporterEmail ? (
                <>
                  {" · "}
                  <a href={`mailto:${r.reporterEmail}`} className="underline">
                    {r.reporterEmail}
                  </a>
                </>
              ) : (
                " · anonymous"
              )}
            </p>
          </div>
          <StatusForm report={r} />
        </div>
        <p className="mt-3 text-sm whitespace-pre-line text-slate-800">{r.details}</p>
      </Card>
    </li>
  );
}

/** Mark an open report resolved, or reopen a resolved one. */
function StatusForm({ report: r }: { report: ReportView }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={r.id} />
      <input type="hidden" name="status" value={r.status === "open" ? "resolved" : "open"} />
      <Button type="submit" size="sm" variant={r.status === "open" ? "primary" : "outline"}>
        {r.status === "open" ? (
          <>
            <CheckCircle2 aria-hidden className="h-4 w-4" /> Mark resolved
          </>
        ) : (
          <>
            <RotateCcw aria-hidden className="h-4 w-4" /> Reopen
          </>
        )}
      </Button>
    </Form>
  );
}
