/**
 * The mobile menu's sheet, fetched by the header's menu button when first wanted (site-header.tsx).
 */
import { NavLink } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Sheet, SheetClose } from "~/components/ui/sheet";
import { AccountMenu, type MenuUser } from "./account-menu";
import { NAV } from "./nav-items";

export default function MobileMenuSheet({
  user,
  open,
  setOpen,
  returnFocusTo,
}: {
  user: MenuUser | null;
  open: boolean;
  setOpen: (next: boolean) => void;
  returnFocusTo: React.RefObject<HTMLElement | null>;
}) {
  return (
    <Sheet open={open} onOpenChange={setOpen} title="Menu" returnFocusTo={returnFocusTo}>
      <nav aria-label="Mobile" className="flex flex-col gap-1 p-4">
        {NAV.map((item) => (
          <SheetClose asChild key={item.to}>
            <NavLink
              to={item.to}
              className={({ isActive }) =>
                cn(
                  "rounded-md px-3 py-3 text-base font-semibold",
                  isActive ? "bg-brand-50 text-brand-700" : "text-slate-800 hover:bg-slate-100",
                )
              }
            >
              {item.label}
            </NavLink>
          </SheetClose>
        ))}
        <div className="my-3 border-t border-slate-200" />
        {user ? (
          <AccountMenu user={user} />
        ) : (
          <>
            <SheetClose asChild>
              <SiteLink
                to="/login"
                className="rounded-md px-3 py-3 text-base font-semibold text-slate-800 hover:bg-slate-100"
              >
                Login
              </SiteLink>
            </SheetClose>
            <SheetClose asChild>
              <SiteLink
                to="/register"
                className={cn(buttonVariants({ variant: "primary", size: "lg" }), "mt-2 w-full")}
              >
                Register My Business
              </SiteLink>
            </SheetClose>
          </>
        )}
      </nav>
    </Sheet>
  );
}
