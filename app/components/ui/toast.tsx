/**
 * Toasts: a tiny global store plus a Radix Toast viewport rendered once in the root.
 * Show one from anywhere with `toast({ title, description, variant })`; the server can queue
 * one across a redirect with `redirectWithToast` (app/web/toast.server.ts).
 * The same news is shown once (decision 0603): a toast with the title and description of one
 * already on screen replaces it (as the newest, its timer started again) instead of stacking, and
 * at most MAX_TOASTS are on screen, the oldest leaving first.
 */
import { Toast as RadixToast } from "radix-ui";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { cn } from "./cn";
import type { ToastMessage } from "~/web/toast.server";

export type { ToastMessage };
interface Entry extends ToastMessage {
  id: number;
}

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

export function Toaster({ initial }: { initial?: ToastMessage | null }) {
  useToastOnce(initial);
  const list = useSyncExternalStore(
    subscribe,
    () => entries,
    () => entries,
  );
  return (
    <RadixToast.Provider swipeDirection="right" duration={6000}>
      {list.map((t) => (
        <RadixToast.Root
          key={t.id}
          onOpenChange={(open) => !open && dismiss(t.id)}
          className={cn(
            "relative grid gap-1 rounded-lg border p-4 pr-10 shadow-lg data-[state=closed]:opacity-0",
            t.variant === "destructive"
              ? "border-red-300 bg-red-50 text-red-900"
              : t.variant === "success"
                ? "border-green-300 bg-green-50 text-green-900"
                : "border-slate-200 bg-white text-slate-900",
          )}
        >
          <RadixToast.Title className="font-semibold">{t.title}</RadixToast.Title>
          {t.description ? (
            <RadixToast.Description className="text-sm">{t.description}</RadixToast.Description>
          ) : null}
          <RadixToast.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded p-1 text-lg leading-none opacity-70 hover:opacity-100"
          >
            ×
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none" />
    </RadixToast.Provider>
  );
}
