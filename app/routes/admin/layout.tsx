/** The admin area's frame: a sidebar and the page. Every request passes the administrator guard. */
import { LogOut, ShieldCheck } from "lucide-react";
import { Form, Link, NavLink, Outlet } from "react-router";
import { Alert } from "~/components/ui/alert";
import { cn } from "~/components/ui/cn";
import { requireAdmin, requireAdminMiddleware } from "../auth/guards.server";
import type { Route } from "./+types/layout";
import { adminNav } from "./nav";

export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, url);
  return { email: admin.email, totpEnabled: admin.totpEnabled };
}


export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <aside className="border-b border-slate-200 bg-white md:w-64 md:shrink-0 md:border-b-0 md:border-r">
        <div className="border-b border-slate-100 px-5 py-4">
          <Link to="/" className="text-sm font-bold text-brand-700">
            UK Waste Carrier Directory
          </Link>
          <p className="mt-3 font-semibold text-slate-900">Admin</p>
          <p className="truncate text-xs text-slate-600">{loaderData.email}</p>
        </div>
        <nav aria-label="Admin" className="flex flex-wrap gap-1 p-3 md:flex-col">
          {adminNav.map((n) => (
            <NavLink
              key={n.to}
              to={n.to}
              end={n.end}
              className={({ isActive }) =>
                cn("flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium", isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100")
              }
            >
              <n.icon aria-hidden className="h-4 w-4" />
              {n.label}
            </NavLink>
          ))}
          <NavLink
            to="/account/security"
            className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <ShieldCheck aria-hidden className="h-4 w-4" /> Account security
          </NavLink>
          <Form method="post" action="/logout">
            <button type="submit" className="flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100">
              <LogOut aria-hidden className="h-4 w-4" /> Sign Out
            </button>
          </Form>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        {loaderData.totpEnabled ? null : (
          <div className="px-4 pt-4 md:px-8">
            <Alert tone="warning" title="Protect the admin area with two-factor authentication">
              Your account can approve claims and change listings.{" "}
              <Link to="/account/security" className="font-semibold underline">
                Set up two-factor authentication
              </Link>
            </Alert>
          </div>
        )}
        <Outlet />
      </div>
    </div>
  );
}
