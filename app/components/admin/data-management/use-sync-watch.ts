/**
 * The Data Management page's live parts: it revalidates every second while a sync is running
 * or waiting (never while idle), and shows the result toast of a run it watched finish.
 */
import { useEffect, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { toast } from "~/components/ui/toast";
import type { SyncLogView } from "~/modules/register-sync/list-sync-logs.server";
import { CLEARED_MESSAGE, TRIGGER_FAILED } from "~/modules/register-sync/sync-messages";

/** Decision 0802: a sync that takes a second shows its end within about a second. */
export const POLL_MS = 1_000;

/**
 * Polls every second while a sync is running or waiting to start, and at once when a hidden tab
 * comes back; a poll waits for the previous one. Never while a form's answer is on its way: a
 * revalidation started then interrupts the page load after the redirect, whose answer carried
 * the action's toast ("Stuck syncs cleared"), and the toast was lost.
 */
export function useSyncPolling(busy: boolean): void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const navigating = useRef(false);
  navigating.current = navigation.state !== "idle";
  const state = useRef(revalidator.state);
  state.current = revalidator.state;
  const { revalidate } = revalidator;
  useEffect(() => {
    if (!busy) return;
    const poll = () => {
      if (state.current === "idle" && !navigating.current && document.visibilityState !== "hidden")
        void revalidate();
    };
    const timer = setInterval(poll, POLL_MS);
    document.addEventListener("visibilitychange", poll);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", poll);
    };
  }, [busy, revalidate]);
}

interface Watch {
  maxId: number;
  running: Set<string>;
  busy: boolean;
}

/**
 * A run watched here finishing (seen running, or started after this page saw a sync queued):
 * the spec's result toast. `submitting` is the intent of the form being submitted, if any.
 */
export function useSyncResultToasts(logs: SyncLogView[], busy: boolean, submitting: string): void {
  const watch = useRef<Watch | null>(null);
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
      toastResult(log);
    }
    w.maxId = Math.max(w.maxId, maxId);
    w.busy = busy;
  }, [logs, busy]);

  // A sync asked for from this page is watched even if it has finished by the time the page reloads.
  useEffect(() => {
    if ((submitting === "sync" || submitting === "upload") && watch.current) watch.current.busy = true;
  }, [submitting]);
}

/** The toast of a finished run: its counts, or its error. */
function toastResult(log: SyncLogView): void {
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
