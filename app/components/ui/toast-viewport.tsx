/**
 * The toasts' Radix viewport, fetched by `Toaster` (./toast.tsx) when a page shows its first toast.
 */
import { Toast as RadixToast } from "radix-ui";
import type { ToastMessage } from "~/web/toast.server";
import { cn } from "./cn";

export interface ToastEntry extends ToastMessage {
  id: number;
}

export default function ToastViewport({
  list,
  onDismiss,
}: {
  list: readonly ToastEntry[];
  onDismiss: (id: number) => void;
}) {
  return (
    <RadixToast.Provider swipeDirection="right" duration={6000}>
      {list.map((t) => (
        <RadixToast.Root
          key={t.id}
          onOpenChange={(open) => !open && onDismiss(t.id)}
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
