/**
 * Toasts: a tiny global store plus a Radix Toast viewport rendered once in the root. The viewport
 * (Radix Toast, about 7 kB of script) is fetched when the first toast of a page is shown, so pages
 * that show none do not carry it (decision 0218).
 * Show one from anywhere with `toast({ title, description, variant })`; the server can queue
 * one across a redirect with `redirectWithToast` (app/web/toast.server.ts).
 * The same news is shown once (decision 0603): a toast with the title and description of one
 * already on screen replaces it (as the newest, its timer started again) instead of stacking, and
 * at most MAX_TOASTS are on screen, the oldest leaving first.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import type { ToastMessage } from "~/web/toast.server";
import type ToastViewport from "./toast-viewport";
import type { ToastEntry } from "./toast-viewport";

export type { ToastMessage };
type Entry = ToastEntry;

let entries: Entry[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const MAX_TOASTS = 3;

const sameNews = (a: ToastMessage, b: ToastMessage) =>
  a.title === b.title && (a.description ?? "") === (b.description ?? "");

/** The toasts on screen once `message` is shown: the same news replaced (as the newest), at most MAX_TOASTS. */
export function withToast<T extends ToastMessage>(list: readonly T[], message: T): T[] {
  return [...list.filter((e) => !sameNews(e, message)), message].slice(-MAX_TOASTS);
}

export function toast(message: ToastMessage): void {
  entries = withToast(entries, { ...message, id: nextId++ });
  emit();
}
function dismiss(id: number) {
  entries = entries.filter((e) => e.id !== id);
  emit();
}
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** Shows `message` once each time a new object is passed (e.g. from action data). */
export function useToastOnce(message: ToastMessage | null | undefined): void {
  const last = useRef<ToastMessage | null | undefined>(undefined);
  useEffect(() => {
    if (message && message !== last.current) toast(message);
    last.current = message;
  }, [message]);
}

type Viewport = typeof ToastViewport;
let viewportModule: Promise<Viewport> | undefined;
/** The viewport's code, fetched once per page (again after a failure, e.g. when back online). */
function loadViewport(): Promise<Viewport> {
  viewportModule ??= import("./toast-viewport").then(
    (m) => m.default,
    (error: unknown) => {
      viewportModule = undefined;
      throw error;
    },
  );
  return viewportModule;
}

export function Toaster({ initial }: { initial?: ToastMessage | null }) {
  useToastOnce(initial);
  const list = useSyncExternalStore(
    subscribe,
    () => entries,
    () => entries,
  );
  // Fetched with the page's first toast, then kept: a closing toast keeps its animation. Loaded by
  // hand rather than with lazy() and Suspense, whose reveal waits on a timer.
  const [Viewport, setViewport] = useState<{ component: Viewport } | null>(null);
  const wanted = list.length > 0;
  useEffect(() => {
    if (!wanted || Viewport) return;
    let cancelled = false;
    loadViewport().then(
      (component) => !cancelled && setViewport({ component }),
      () => {}, // offline: the page works on without its toasts; the next toast tries again
    );
    return () => {
      cancelled = true;
    };
  }, [wanted, Viewport]);
  return Viewport ? <Viewport.component list={list} onDismiss={dismiss} /> : null;
}
