/** /admin/reports: Reports & Complaints sent with 'Report this carrier', open or resolved. */
import { CheckCircle2, RotateCcw } from "lucide-react";
import { data, Form, Link } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/tabs";
import { listReports, setReportStatus, type ReportStatus } from "~/modules/reports/list-reports.server";
import { getApp } from "~/web/context";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/reports";
import { formatDateTime } from "~/platform/dates";
import { adminMeta } from "~/web/meta";

export function meta() {
  return adminMeta("Reports & Complaints");
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const status: ReportStatus = url.searchParams.get("status") === "resolved" ? "resolved" : "open";
  const { reports, counts } = await listReports(getApp(context).db, status);
  return { status, reports, counts };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const next = form.get("status") === "resolved" ? "resolved" : "open";
  const ok = await setReportStatus(getApp(context).db, id, next, admin.id);
  if (!ok) return data({ error: "Report not found" }, { status: 404 });
  const back =
    url.searchParams.get("status") === "resolved" ? "/admin/reports?status=resolved" : "/admin/reports";
  return redirectWithToast(context, back, {
    title: next === "resolved" ? "Report resolved" : "Report reopened",
    variant: "success",
  });
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { status, reports, counts } = loaderData;
  return (
    <AdminPage
      title="Reports & Complaints"
      description="Carriers reported by visitors from their public profile."
    >
      <LinkTabs
        label="Report status"
        items={[
          { label: `Open (${counts.open})`, to: "/admin/reports", selected: status === "open" },
          {
            label: `Resolved (${counts.resolved})`,
            to: "/admin/reports?status=resolved",
            selected: status === "resolved",
          },
        ]}
      />
      <div className="mt-6">
        {reports.length === 0 ? (
          <Card className="p-6 text-center text-slate-600">No {status} reports found</Card>
        ) : (
          <ul className="space-y-4">
            {reports.map((r) => (
              <li key={r.id}>
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
                  </div>
                  <p className="mt-3 text-sm whitespace-pre-line text-slate-800">{r.details}</p>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </div>
    </AdminPage>
  );
}
