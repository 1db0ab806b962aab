/** /admin/reports: Reports & Complaints sent with 'Report this carrier', open or resolved. */
import { data } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ReportCard } from "~/components/admin/reports/report-card";
import { Card } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/tabs";
import { listReports, setReportStatus, type ReportStatus } from "~/modules/reports/list-reports.server";
import { getApp } from "~/web/context";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/reports";
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
  const r = await setReportStatus(getApp(context).db, id, next, admin.id);
  if (r === "not-found") return data({ error: "Report not found" }, { status: 404 });
  const back =
    url.searchParams.get("status") === "resolved" ? "/admin/reports?status=resolved" : "/admin/reports";
  // Already so (another admin, another tab): nothing changed (decision 0263).
  return redirectWithToast(
    context,
    back,
    r === "already"
      ? {
          title: next === "resolved" ? "Report already resolved" : "Report already open",
          description: "Nothing was changed.",
        }
      : { title: next === "resolved" ? "Report resolved" : "Report reopened", variant: "success" },
  );
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
              <ReportCard key={r.id} report={r} />
            ))}
          </ul>
        )}
      </div>
    </AdminPage>
  );
}
