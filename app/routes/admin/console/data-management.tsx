/**
 * /admin/data-management: register sync history (last 50), summary cards, 'Update Data' (a sync
 * job from the configured source), progress of a running sync, 'Clear Stuck Syncs', the Debug
 * toggle (last 10 sync jobs) and the upload of a register file (CSV or ZIP). While a sync is
 * running or waiting, the page revalidates every second; a failed last run shows its error beside
 * the summary (decision 0802).
 */
import { data, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { DebugJobs } from "~/components/admin/data-management/debug-jobs";
import { HeldRemovals } from "~/components/admin/data-management/held-removals";
import { LastRunError } from "~/components/admin/data-management/last-run-error";
import { DataManagementActions } from "~/components/admin/data-management/page-actions";
import { RejectionsDialog } from "~/components/admin/data-management/rejections-dialog";
import { RunningCard } from "~/components/admin/data-management/running-card";
import { SummaryCards } from "~/components/admin/data-management/summary-cards";
import { SyncForms } from "~/components/admin/data-management/sync-forms";
import { SyncHistory } from "~/components/admin/data-management/sync-history";
import { useSyncPolling, useSyncResultToasts } from "~/components/admin/data-management/use-sync-watch";
import { Alert } from "~/components/ui/alert";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import {
  clearStuckSyncsAsAdmin,
  confirmHeldRemovalsAsAdmin,
  requestSyncAsAdmin,
  type SyncActionDeps,
} from "~/modules/register-sync/admin-sync-actions.server";
import { failStaleSyncs } from "~/modules/register-sync/fail-stale-syncs.server";
import { heldRemovals } from "~/modules/register-sync/held-removals.server";
import {
  listSyncDebugEntries,
  listSyncLogs,
  listSyncRejections,
  syncSummaryCards,
  type SyncLogView,
} from "~/modules/register-sync/list-sync-logs.server";
import { syncActivity } from "~/modules/register-sync/request-sync.server";
import { MAX_UPLOAD_BYTES } from "~/modules/register-sync/store-upload.server";
import { TRIGGER_FAILED } from "~/modules/register-sync/sync-messages";
import { getApp } from "~/web/context";
import { readForm } from "~/web/request-input.server";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/data-management";
import { adminMeta } from "~/web/meta";

export { POLL_MS } from "~/components/admin/data-management/use-sync-watch";

export function meta() {
  return adminMeta("Data Management");
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const app = getApp(context);
  const debug = url.searchParams.get("debug") === "1";
  const rejectionsFor = url.searchParams.get("rejections");
  try {
    await failStaleSyncs(app.db, app.config.SYNC_STALE_AFTER_MINUTES * 60_000);
    const [logs, summary, activity, debugEntries, rejections, held] = await Promise.all([
      listSyncLogs(app.db),
      syncSummaryCards(app.db),
      syncActivity(app.db),
      debug ? listSyncDebugEntries(app.db) : Promise.resolve(null),
      rejectionsFor ? listSyncRejections(app.db, rejectionsFor) : Promise.resolve(null),
      heldRemovals(app.db),
    ]);
    return {
      failed: false as const,
      logs,
      summary,
      pending: activity.pending,
      queued: activity.queued,
      debug,
      debugEntries,
      rejections: rejectionsFor && rejections ? { syncId: rejectionsFor, rows: rejections } : null,
      held,
      sourceConfigured: !!app.config.REGISTER_SOURCE,
      maxUploadMb: Math.round(MAX_UPLOAD_BYTES / 1024 / 1024),
    };
  } catch (error) {
    app.log.error({ err: error }, "sync logs failed to load");
    return {
      failed: true as const,
      logs: [] as SyncLogView[],
      summary: null,
      pending: false,
      queued: false,
      debug,
      debugEntries: null,
      rejections: null,
      held: null,
      sourceConfigured: !!app.config.REGISTER_SOURCE,
      maxUploadMb: Math.round(MAX_UPLOAD_BYTES / 1024 / 1024),
    };
  }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const app = getApp(context);
  const back = `/admin/data-management${url.searchParams.get("debug") === "1" ? "?debug=1" : ""}`;
  const read = await readForm(request);
  if (!read.ok)
    return redirectWithToast(context, back, {
      title: TRIGGER_FAILED,
      description: read.message,
      variant: "destructive",
    });
  const form = read.form;
  const intent = String(form.get("intent") ?? "");
  const deps: SyncActionDeps = {
    db: app.db,
    storage: app.storage,
    log: app.log,
    configuredSource: app.config.REGISTER_SOURCE,
    staleAfterMinutes: app.config.SYNC_STALE_AFTER_MINUTES,
    wakeJobs: () => app.jobs.wake(),
  };
  if (intent === "clear") return redirectWithToast(context, back, await clearStuckSyncsAsAdmin(deps, admin));
  if (intent === "confirm-removals") {
    const syncId = String(form.get("syncId") ?? "");
    return redirectWithToast(
      context,
      back,
      await confirmHeldRemovalsAsAdmin(deps, admin, syncId, form.get("checked") === "on"),
    );
  }
  if (intent === "sync" || intent === "upload") {
    const input = { intent, file: form.get("file"), partial: form.get("partial") === "on" } as const;
    return redirectWithToast(context, back, await requestSyncAsAdmin(deps, admin, input));
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

export default function DataManagement({ loaderData }: Route.ComponentProps) {
  const { logs, summary, pending, queued, debug, debugEntries, rejections, failed, held } = loaderData;
  const navigation = useNavigation();
  const running = logs.filter((l) => l.status === "running");
  const busy = pending || running.length > 0;
  useToastOnce(
    failed ? ({ title: "Failed to fetch sync logs", variant: "destructive" } as ToastMessage) : null,
  );
  useSyncPolling(busy);
  const submitting =
    navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  useSyncResultToasts(logs, busy, submitting);

  return (
    <AdminPage
      title="Data Management"
      description="Keep the directory in step with the Environment Agency's public register. A sync may take several minutes."
      actions={<DataManagementActions debug={debug} submitting={submitting} />}
    >
      {failed ? (
        <Alert tone="error" title="Failed to fetch sync logs" className="mb-6">
          Try again in a moment.
        </Alert>
      ) : null}

      <SummaryCards summary={summary} />
      {running.length === 0 ? <LastRunError lastRun={summary?.lastRun ?? null} /> : null}
      {held ? <HeldRemovals held={held} busy={busy} submitting={submitting} /> : null}
      <SyncForms
        sourceConfigured={loaderData.sourceConfigured}
        maxUploadMb={loaderData.maxUploadMb}
        busy={busy}
        submitting={submitting}
      />

      {running.map((r) => (
        <RunningCard key={r.id} log={r} />
      ))}
      {queued && running.length === 0 ? (
        <Alert tone="info" title="Sync queued" className="mt-6">
          The sync is waiting for the job runner and will start in a moment.
        </Alert>
      ) : null}

      {debug ? <DebugJobs entries={debugEntries} /> : null}

      <SyncHistory logs={logs} debug={debug} />

      {rejections ? <RejectionsDialog rejections={rejections} logs={logs} debug={debug} /> : null}
    </AdminPage>
  );
}
