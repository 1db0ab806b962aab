/**
 * A centred modal (Radix Dialog): focus is trapped while open, Escape and the overlay close it,
 * and focus returns to the trigger. Controlled: the page decides when it is open, which lets
 * admin screens open a dialog from the URL (`?claim=12`) on the server as well as on a click.
 * Without JavaScript a dialog that is open on the server still renders (its Close is a link
 * when `closeHref` is given).
 */
import { Dialog as RadixDialog } from "radix-ui";
import { Link } from "react-router";
import { cn } from "./cn";
import { closeButtonClass, CloseIcon, ModalFrame } from "./modal-frame";

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  closeHref,
  className,
  contentKey,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  children?: React.ReactNode;
  footer?: React.ReactNode;
  /** Where the close button goes when rendered as a link (pages that open the dialog from the URL). */
  closeHref?: string;
  className?: string;
  /**
   * When it changes, the body starts again from its top: a dialog that switches what it shows (a
   * claim's view to its approval) must not open the new part scrolled to where the old one was.
   */
  contentKey?: string;
}) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <ModalFrame
        className={cn(
          "fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(40rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-2xl outline-none",
          className,
        )}
        described={!!description}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
          <div>
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            {description ? (
              <RadixDialog.Description className="mt-1 text-sm text-slate-600">
                {description}
              </RadixDialog.Description>
            ) : null}
          </div>
          {closeHref ? (
            <RadixDialog.Close asChild>
              <Link to={closeHref} preventScrollReset className={closeButtonClass} aria-label="Close">
                <CloseIcon />
              </Link>
            </RadixDialog.Close>
          ) : (
            <RadixDialog.Close className={closeButtonClass} aria-label="Close">
              <CloseIcon />
            </RadixDialog.Close>
          )}
        </div>
        <div key={contentKey} className="flex-1 overflow-y-auto px-5 py-4">
          {children}
        </div>
        {footer ? (
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>
        ) : null}
      </ModalFrame>
    </RadixDialog.Root>
  );
}

export const DialogClose = RadixDialog.Close;
