/**
 * A panel that slides in from the side (Radix Dialog): focus is trapped while open, Escape and
 * the overlay close it, and focus returns to the trigger.
 */
import { Dialog } from "radix-ui";
import { cn } from "./cn";
import { closeButtonClass, CloseIcon, ModalFrame } from "./modal-frame";

export function Sheet({
  open,
  onOpenChange,
  trigger,
  returnFocusTo,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it, or none when the page opens it itself (then say where focus returns). */
  trigger?: React.ReactNode;
  returnFocusTo?: React.RefObject<HTMLElement | null>;
  title: string;
  description?: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <Dialog.Trigger asChild>{trigger}</Dialog.Trigger> : null}
      <ModalFrame
        returnFocusTo={returnFocusTo}
        className={cn(
          "fixed inset-y-0 right-0 z-50 flex w-[min(20rem,85vw)] flex-col bg-white shadow-2xl outline-none",
          className,
        )}
        described={!!description}
      >
        <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
          <Dialog.Title className="text-base font-semibold text-slate-900">{title}</Dialog.Title>
          <Dialog.Close className={closeButtonClass} aria-label="Close menu">
            <CloseIcon />
          </Dialog.Close>
        </div>
        {description ? <Dialog.Description className="sr-only">{description}</Dialog.Description> : null}
        <div className="flex-1 overflow-y-auto">{children}</div>
      </ModalFrame>
    </Dialog.Root>
  );
}

export const SheetClose = Dialog.Close;
