import { lazy, Suspense, useRef, useState } from "react";
import { NavLink, useLocation, useRouteLoaderData } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { buttonVariants } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { RecycleIcon } from "~/components/ui/icons/recycle";
import { AccountMenu, type MenuUser } from "./account-menu";
import { MenuButton, NAV } from "./nav-items";

const MobileMenuSheet = lazy(() => import("./mobile-menu-sheet"));

export function Logo({ className }: { className?: string }) {
  return (
    <SiteLink to="/" className={cn("flex items-center gap-2 rounded-md font-bold text-slate-900", className)}>
      <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-brand-600 text-white">
        <RecycleIcon className="h-5 w-5" />
      </span>
      <span className="leading-tight">
        <span className="block text-base">UK Waste Carrier</span>
        <span className="block text-xs font-semibold tracking-wider text-brand-700 uppercase">Directory</span>
      </span>
    </SiteLink>
  );
}

function useUser(): MenuUser | null {
  const data = useRouteLoaderData("root") as { user?: MenuUser | null } | undefined;
  return data?.user ?? null;
}

export function SiteHeader() {
  const user = useUser();
  const location = useLocation();
  // The mobile menu is open for the page it was opened on: a navigation closes it.
  const here = location.pathname + location.search;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === here;
  const setOpen = (next: boolean) => setOpenOn(next ? here : null);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-3 focus:left-4 focus:z-50 focus:rounded-md focus:bg-brand-700 focus:px-4 focus:py-2 focus:text-white"
      >
        Skip to content
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <DesktopNav />
        <DesktopAccount user={user} />
        <MobileMenu user={user} open={open} setOpen={setOpen} />
      </div>
    </header>
  );
}

/** The main links, on wide screens. */
function DesktopNav() {
  const navClass = ({ isActive }: { isActive: boolean }) =>
    cn(
      "rounded-md px-3 py-2 text-sm font-semibold transition-colors",
      isActive ? "text-brand-700" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
    );
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
      {NAV.map((item) => (
        <NavLink key={item.to} to={item.to} className={navClass}>
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}

/** The account menu when signed in, otherwise Login and Register, on wide screens. */
function DesktopAccount({ user }: { user: MenuUser | null }) {
  return (
    <div className="hidden items-center gap-2 md:flex">
      {user ? (
        <AccountMenu user={user} />
      ) : (
        <>
          <SiteLink to="/login" className={buttonVariants({ variant: "ghost", size: "md" })}>
            Login
          </SiteLink>
          <SiteLink to="/register" className={buttonVariants({ variant: "primary", size: "md" })}>
            Register My Business
          </SiteLink>
        </>
      )}
    </div>
  );
}

/** The menu button; its sheet (Radix Dialog, about 13 kB of script) is fetched when first wanted. */
function MobileMenu({
  user,
  open,
  setOpen,
}: {
  user: MenuUser | null;
  open: boolean;
  setOpen: (next: boolean) => void;
}) {
  // Fetched as a finger or pointer nears the button, as it takes the focus, or on the tap itself;
  // the sheet opens as soon as its code is there. The button stays the same element throughout
  // (focus is never lost to a swap), and focus comes back to it when the sheet closes.
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className="md:hidden">
      <MenuButton
        ref={button}
        aria-expanded={open}
        onPointerEnter={want}
        onTouchStart={want}
        onFocus={want}
        onClick={() => {
          want();
          setOpen(true);
        }}
      />
      {wanted ? (
        <Suspense fallback={null}>
          <MobileMenuSheet user={user} open={open} setOpen={setOpen} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </div>
  );
}
