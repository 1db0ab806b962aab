/**
 * What Dialog and Sheet share (Radix Dialog): the portal, the dimmed overlay, the content panel
 * (described only when it has a description) and the close button's look.
 */
import { Dialog as RadixDialog } from "radix-ui";
import { X } from "lucide-react";

export function ModalFrame({
  className,
  described,
  returnFocusTo,
  children,
}: {
  className: string;
  /** Where focus goes on closing when the dialog has no Radix trigger (Radix returns it to its trigger). */
  returnFocusTo?: React.RefObject<HTMLElement | null>;
  /** Whether the content has a Description; without one Radix is told not to expect it. */
  described: boolean;
  children: React.ReactNode;
}) {
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
      <RadixDialog.Content
        className={className}
        {...(described ? {} : { "aria-describedby": undefined })}
        onCloseAutoFocus={
          returnFocusTo
            ? (event) => {
                event.preventDefault();
                returnFocusTo.current?.focus();
              }
            : undefined
        }
      >
        {children}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export const closeButtonClass = "rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900";

export function CloseIcon() {
  return <X aria-hidden className="h-5 w-5" />;
}
