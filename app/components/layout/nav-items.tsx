import type { ComponentProps } from "react";
import { MenuIcon } from "~/components/ui/icons/menu";

/** The header's main links (desktop nav and the mobile menu). */
export const NAV = [
  { to: "/search-results", label: "Directory" },
  { to: "/resources", label: "Resources" },
] as const;

/** The mobile menu's button (the sheet is opened by its own code: see site-header.tsx). */
export function MenuButton(props: ComponentProps<"button">) {
  return (
    <button
      type="button"
      className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-800 hover:bg-slate-100"
      aria-label="Open menu"
      aria-haspopup="dialog"
      {...props}
    >
      <MenuIcon className="h-6 w-6" />
    </button>
  );
}
