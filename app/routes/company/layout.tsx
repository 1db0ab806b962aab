/** The company area's frame: a sidebar and the page. Every request passes the signed-in guard. */
import {
  FileText,
  Inbox,
  LayoutDashboard,
  ListChecks,
  LogOut,
  MapPin,
  MessageSquareText,
  ShieldCheck,
  Users,
} from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, NavLink, Outlet, useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import { getAccount } from "~/modules/accounts/get-account.server";
import { getApp } from "~/web/context";
import { requireUser, requireUserMiddleware } from "~/web/guards.server";
import type { Route } from "./+types/layout";

export const middleware: Route.MiddlewareFunction[] = [requireUserMiddleware];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url);
  const account = await getAccount(getApp(context).db, user.id);
  return {
    email: user.email,
    isAdmin: user.isAdmin,
    businessName: account?.listing?.businessName ?? null,
    verified: account?.listing?.verified ?? false,
  };
}

const nav = [
  { to: "/company", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/company/waste-note", label: "Generate Waste Note", icon: FileText, end: false },
  { to: "/company/waste-notes", label: "Past Waste Notes", icon: ListChecks, end: false },
  { to: "/company/sites", label: "Saved Sites", icon: MapPin, end: false },
  { to: "/company/customers", label: "Saved Customers", icon: Users, end: false },
  { to: "/company/quotes", label: "Quote Requests", icon: Inbox, end: false },
  { to: "/company/reviews", label: "Reviews", icon: MessageSquareText, end: false },
  { to: "/account/security", label: "Account security", icon: ShieldCheck, end: false },
];

/** On a phone the nav row scrolls sideways: the current page's link is brought into view. */
function useCurrentLinkInView() {
  const ref = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const nav = ref.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav && current && nav.scrollWidth > nav.clientWidth)
      current.scrollIntoView({ block: "nearest", inline: "center" });
  }, [pathname]);
  return ref;
}

export default function CompanyLayout({ loaderData }: Route.ComponentProps) {
  const navRef = useCurrentLinkInView();
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <aside className="border-b border-slate-200 bg-white md:w-64 md:shrink-0 md:border-r md:border-b-0">
        <div className="border-b border-slate-100 px-5 py-4">
          <Link to="/" className="text-sm font-bold text-brand-700">
            UK Waste Carrier Directory
          </Link>
          <p className="mt-3 font-semibold text-slate-900">{loaderData.businessName ?? "Company Name"}</p>
          <p className="text-xs text-slate-600">
            {loaderData.verified
              ? "Verified Provider"
              : loaderData.businessName
                ? "Awaiting Approval"
                : loaderData.email}
          </p>
        </div>
        {/* On a phone the links are one row that scrolls sideways, so the page starts on the first screen. */}
        <nav
          ref={navRef}
          aria-label="Company"
          className="flex gap-1 overflow-x-auto p-3 md:flex-col md:overflow-visible"
        >
          {nav.map((n) => (
            <NavLink
              key={n.to}
              to={n.to}
              end={n.end}
              className={({ isActive }) =>
                cn(
                  "flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap",
                  isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100",
                )
              }
            >
              <n.icon aria-hidden className="h-4 w-4" />
              {n.label}
            </NavLink>
          ))}
          {loaderData.isAdmin ? (
            <Link
              to="/admin"
              className="flex shrink-0 items-center gap-2 rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100"
            >
              <ShieldCheck aria-hidden className="h-4 w-4" /> Admin Dashboard
            </Link>
          ) : null}
          <Form method="post" action="/logout" className="shrink-0">
            <button
              type="submit"
              className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium whitespace-nowrap text-slate-700 hover:bg-slate-100"
            >
              <LogOut aria-hidden className="h-4 w-4" /> Sign Out
            </button>
          </Form>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
