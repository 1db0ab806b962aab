/**
 * /admin/data-management: register sync history (last 50), summary cards, 'Update Data' (a sync
 * job from the configured source), progress of a running sync, 'Clear Stuck Syncs', the Debug
 * toggle (last 10 sync jobs) and the upload of a register file (CSV or ZIP). While a sync is
 * running or waiting, the page revalidates every 10 seconds.
 */
import { Bug, Database, RefreshCw, Upload, XCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigate, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
import { Label } from "~/components/ui/form";
import { ScrollTable } from "~/components/admin/scroll-table";
import { Td, Th } from "~/components/ui/table";
import { toast, useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { clearStuckSyncs } from "~/modules/register-sync/clear-stuck-syncs.server";
import { CLEARED_MESSAGE } from "~/modules/register-sync/sync-messages";
import { failStaleSyncs } from "~/modules/register-sync/fail-stale-syncs.server";
import {
  listSyncDebugEntries,
  listSyncLogs,
  listSyncRejections,
  syncSummaryCards,
  type SyncLogView,
} from "~/modules/register-sync/list-sync-logs.server";
import {
  NoRegisterSourceError,
  requestRegisterSync,
  syncPending,
} from "~/modules/register-sync/request-sync.server";
import { SyncAlreadyRunningError } from "~/modules/register-sync/run-register-sync.server";
import {
  InvalidUploadError,
  MAX_UPLOAD_BYTES,
  storeRegisterUpload,
  type StoredUpload,
} from "~/modules/register-sync/store-upload.server";
import { getApp } from "~/web/context";
import { readForm } from "~/web/request-input.server";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/data-management";
import { formatDateTime } from "~/platform/dates";
import { adminMeta } from "~/web/meta";

export function meta() {
  return adminMeta("Data Management");
}

export const POLL_MS = 10_000;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const app = getApp(context);
  const debug = url.searchParams.get("debug") === "1";
  const rejectionsFor = url.searchParams.get("rejections");
  try {
    await failStaleSyncs(app.db, app.config.SYNC_STALE_AFTER_MINUTES * 60_000);
    const [logs, summary, pending, debugEntries, rejections] = await Promise.all([
      listSyncLogs(app.db),
      syncSummaryCards(app.db),
      syncPending(app.db),
      debug ? listSyncDebugEntries(app.db) : Promise.resolve(null),
      rejectionsFor ? listSyncRejections(app.db, rejectionsFor) : Promise.resolve(null),
    ]);
    return {
      failed: false as const,
      logs,
      summary,
      pending,
      debug,
      debugEntries,
      rejections: rejectionsFor && rejections ? { syncId: rejectionsFor, rows: rejections } : null,
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
      debug,
      debugEntries: null,
      rejections: null,
      sourceConfigured: !!app.config.REGISTER_SOURCE,
      maxUploadMb: Math.round(MAX_UPLOAD_BYTES / 1024 / 1024),
    };
  }
}

const TRIGGER_FAILED = "Failed to trigger data sync";

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
  const staleAfterMinutes = app.config.SYNC_STALE_AFTER_MINUTES;

  if (intent === "clear") {
    try {
      const n = await clearStuckSyncs(app.db);
      await recordAudit(app.db, {
        actorUserId: admin.id,
        action: "register_sync.cleared",
        entity: "sync_log",
        entityId: "running",
        details: { cleared: n },
      });
      app.log.info({ admin: admin.email, cleared: n }, "stuck syncs cleared");
      return redirectWithToast(context, back, {
        title: n > 0 ? "Stuck syncs cleared" : "No stuck syncs",
        description:
          n > 0 ? `${n} running sync${n === 1 ? " was" : "s were"} marked as error.` : "No sync was running.",
        variant: "success",
      });
    } catch (error) {
      app.log.error({ err: error }, "clearing stuck syncs failed");
      return redirectWithToast(context, back, {
        title: "Failed to clear stuck syncs",
        variant: "destructive",
      });
    }
  }

  if (intent === "sync" || intent === "upload") {
    const storage = app.storage;
    let upload: StoredUpload | undefined;
    try {
      if (intent === "upload") {
        const file = form.get("file");
        if (!(file instanceof File)) throw new InvalidUploadError("Choose a register file to upload");
        // Kept through the storage interface: the job may run on another instance (decision 0010).
        upload = await storeRegisterUpload(storage, file);
      }
      const jobId = await requestRegisterSync(app.db, {
        upload,
        configuredSource: app.config.REGISTER_SOURCE,
        trigger: intent === "upload" ? "upload" : "manual",
        // An upload may be part of the register: never mark the rest removed. The configured source
        // is the whole register unless the admin says otherwise.
        removeMissing: intent === "upload" ? false : form.get("partial") !== "on",
        staleAfterMinutes,
      });
      await recordAudit(app.db, {
        actorUserId: admin.id,
        action: `register_sync.${intent === "upload" ? "uploaded" : "requested"}`,
        entity: "job",
        entityId: jobId,
      });
      app.log.info({ admin: admin.email, intent }, "register sync requested");
      return redirectWithToast(context, back, {
        title: intent === "upload" ? "Register file uploaded" : "Data sync started",
        description:
          "The sync runs in the background; this page refreshes every 10 seconds until it finishes.",
        variant: "success",
      });
    } catch (error) {
      if (upload) await storage.delete(upload.key).catch(() => undefined);
      const known =
        error instanceof SyncAlreadyRunningError ||
        error instanceof NoRegisterSourceError ||
        error instanceof InvalidUploadError;
      if (!known) app.log.error({ err: error }, "starting a register sync failed");
      return redirectWithToast(context, back, {
        title: TRIGGER_FAILED,
        description: known ? (error as Error).message : "An unexpected error occurred. Please try again.",
        variant: "destructive",
      });
    }
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

function seconds(ms: number | null): string {
  if (ms === null) return "–";
  return `${(ms / 1000).toFixed(1)} s`;
}

function StatusBadge({ status }: { status: string }) {
  const tone = status === "success" ? "green" : status === "error" ? "red" : "blue";
  return <Badge tone={tone}>{status}</Badge>;
}

export default function DataManagement({ loaderData }: Route.ComponentProps) {
  const { logs, summary, pending, debug, debugEntries, rejections, failed } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const running = logs.filter((l) => l.status === "running");
  const busy = pending || running.length > 0;
  useToastOnce(
    failed ? ({ title: "Failed to fetch sync logs", variant: "destructive" } as ToastMessage) : null,
  );

  // Poll every 10 s while a sync is running or waiting to start.
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState !== "hidden")
        void revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [busy, revalidator]);

  // A run watched here finishing (seen running, or started after this page saw a sync queued):
  // the spec's result toast.
  const watch = useRef<{ maxId: number; running: Set<string>; busy: boolean } | null>(null);
  useEffect(() => {
    const ids = logs.map((l) => Number(l.id));
    const maxId = ids.length ? Math.max(...ids) : 0;
    const w = watch.current;
    if (!w) {
      watch.current = {
        maxId,
        running: new Set(logs.filter((l) => l.status === "running").map((l) => l.id)),
        busy,
      };
      return;
    }
    for (const log of [...logs].reverse()) {
      if (log.status === "running") {
        w.running.add(log.id);
        continue;
      }
      const watched = w.running.delete(log.id) || (Number(log.id) > w.maxId && w.busy);
      if (!watched || log.errorMessage === CLEARED_MESSAGE) continue;
      if (log.status === "success") {
        toast({
          title: "Data sync completed",
          description: `Records processed: ${log.recordsProcessed.toLocaleString("en-GB")}. Records added: ${log.recordsAdded.toLocaleString("en-GB")}. Duration: ${((log.durationMs ?? 0) / 1000).toFixed(1)} seconds.`,
          variant: "success",
        });
      } else {
        toast({ title: TRIGGER_FAILED, description: log.errorMessage ?? undefined, variant: "destructive" });
      }
    }
    w.maxId = Math.max(w.maxId, maxId);
    w.busy = busy;
  }, [logs, busy]);

  const submitting =
    navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  // A sync asked for from this page is watched even if it has finished by the time the page reloads.
  useEffect(() => {
    if ((submitting === "sync" || submitting === "upload") && watch.current) watch.current.busy = true;
  }, [submitting]);
  const debugHref = debug ? "/admin/data-management" : "/admin/data-management?debug=1";
  const rejectionLog = rejections ? logs.find((l) => l.id === rejections.syncId) : undefined;
  const closeRejections = () => {
    const next = new URLSearchParams(params);
    next.delete("rejections");
    navigate(`/admin/data-management${next.size ? `?${next}` : ""}`, {
      preventScrollReset: true,
      replace: true,
    });
  };

  return (
    <AdminPage
      title="Data Management"
      description="Keep the directory in step with the Environment Agency's public register. A sync may take several minutes."
      actions={
        <>
          <Link
            to={debugHref}
            preventScrollReset
            role="switch"
            aria-checked={debug}
            className={`inline-flex h-10 items-center gap-2 rounded-md border px-4 text-sm font-semibold ${debug ? "border-brand-600 bg-brand-50 text-brand-800" : "border-slate-300 bg-white text-slate-900 hover:bg-slate-50"}`}
          >
            <Bug aria-hidden className="h-4 w-4" /> Debug
          </Link>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="clear" />
            <Button type="submit" variant="outline" disabled={submitting === "clear"}>
              <XCircle aria-hidden className="h-4 w-4" /> Clear Stuck Syncs
            </Button>
          </Form>
        </>
      }
    >
      {failed ? (
        <Alert tone="error" title="Failed to fetch sync logs" className="mb-6">
          Try again in a moment.
        </Alert>
      ) : null}

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

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Update from the register</CardTitle>
          </CardHeader>
          <CardContent>
            {loaderData.sourceConfigured ? (
              <Form method="post" preventScrollReset className="space-y-4">
                <input type="hidden" name="intent" value="sync" />
                <p className="text-sm text-slate-700">
                  Imports the configured register source (see Settings) as a background job.
                </p>
                <label className="flex items-start gap-2 text-sm text-slate-800">
                  <input type="checkbox" name="partial" className="mt-1 h-4 w-4" />
                  <span>
                    The source is only part of the register
                    <span className="block text-slate-600">
                      Registrations missing from it are then left as they are instead of being marked as no
                      longer on the register.
                    </span>
                  </span>
                </label>
                <Button type="submit" disabled={busy || submitting === "sync"}>
                  <RefreshCw aria-hidden className={`h-4 w-4 ${busy ? "animate-spin" : ""}`} /> Update Data
                </Button>
                {busy ? (
                  <p className="text-sm text-slate-600">A sync is running or waiting to start.</p>
                ) : null}
              </Form>
            ) : (
              <Alert tone="info" title="No register source configured">
                Set REGISTER_SOURCE to the register's download URL or a file path, or upload a register file.
              </Alert>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Upload a register file</CardTitle>
          </CardHeader>
          <CardContent>
            <Form method="post" encType="multipart/form-data" preventScrollReset className="space-y-4">
              <input type="hidden" name="intent" value="upload" />
              <div>
                <Label htmlFor="register-file">Register file (CSV or ZIP)</Label>
                <input
                  id="register-file"
                  name="file"
                  type="file"
                  required
                  accept=".csv,.zip,text/csv,application/zip"
                  aria-describedby="register-file-hint"
                  className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold"
                />
                <p id="register-file-hint" className="mt-1 text-xs text-slate-600">
                  EA export or public register format, up to {loaderData.maxUploadMb} MB. Rows in the file are
                  added or updated; nothing is marked as removed.
                </p>
              </div>
              <Button type="submit" variant="secondary" disabled={busy || submitting === "upload"}>
                <Upload aria-hidden className="h-4 w-4" /> Upload and import
              </Button>
            </Form>
          </CardContent>
        </Card>
      </div>

      {running.map((r) => (
        <RunningCard key={r.id} log={r} />
      ))}
      {pending && running.length === 0 ? (
        <Alert tone="info" title="Sync queued" className="mt-6">
          The sync is waiting for the job runner and will start in a moment.
        </Alert>
      ) : null}

      {debug ? (
        <Card className="mt-6">
          <CardHeader>
            <CardTitle>Debug: last 10 sync jobs</CardTitle>
          </CardHeader>
          <CardContent>
            {debugEntries && debugEntries.length > 0 ? (
              <ol className="space-y-2 font-mono text-xs" data-testid="debug-entries">
                {debugEntries.map((e) => (
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
      ) : null}

      <section className="mt-8" aria-labelledby="history-heading">
        <h2
          id="history-heading"
          className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900"
        >
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
                <tr key={l.id} data-testid="sync-row">
                  <Td className="whitespace-nowrap">{formatDateTime(l.createdAt, "short")}</Td>
                  <Td>
                    <StatusBadge status={l.status} />
                  </Td>
                  <Td>{l.trigger}</Td>
                  <Td className="text-right tabular-nums">{l.recordsProcessed.toLocaleString("en-GB")}</Td>
                  <Td className="text-right tabular-nums">{l.recordsAdded.toLocaleString("en-GB")}</Td>
                  <Td className="text-right tabular-nums">{l.recordsUpdated.toLocaleString("en-GB")}</Td>
                  <Td className="text-right tabular-nums">{l.recordsRemoved.toLocaleString("en-GB")}</Td>
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
                  <Td className="whitespace-nowrap">
                    {l.status === "running" ? "running" : seconds(l.durationMs)}
                  </Td>
                  <Td className="max-w-xs text-sm text-red-800">{l.errorMessage ?? ""}</Td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </section>

      {rejections ? (
        <Dialog
          open
          onOpenChange={(open) => (!open ? closeRejections() : undefined)}
          closeHref={`/admin/data-management${debug ? "?debug=1" : ""}`}
          title="Rejected lines"
          description={
            rejectionLog
              ? `${rejectionLog.recordsRejected.toLocaleString("en-GB")} rejected in the run started ${formatDateTime(rejectionLog.createdAt, "short")}${rejectionLog.recordsRejected > rejections.rows.length ? ` (the first ${rejections.rows.length} shown)` : ""}`
              : undefined
          }
        >
          {rejections.rows.length === 0 ? (
            <p className="text-sm text-slate-600">No rejected lines were stored for this run.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Rejected lines</caption>
              <thead>
                <tr>
                  <th scope="col" className="py-1 pr-3">
                    Line
                  </th>
                  <th scope="col" className="py-1 pr-3">
                    Registration number
                  </th>
                  <th scope="col" className="py-1">
                    Reason
                  </th>
                </tr>
              </thead>
              <tbody>
                {rejections.rows.map((r, i) => (
                  <tr
                    key={`${r.line}-${i}`}
                    className="border-t border-slate-100"
                    data-testid="rejected-line"
                  >
                    <td className="py-1 pr-3 tabular-nums">{r.line}</td>
                    <td className="py-1 pr-3 font-mono">{r.registrationNumber ?? "–"}</td>
                    <td className="py-1">{r.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Dialog>
      ) : null}
    </AdminPage>
  );
}

function RunningCard({ log }: { log: SyncLogView }) {
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
