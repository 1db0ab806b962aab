/**
 * The admin area's frame: a sidebar on wide screens, a top bar with a menu drawer on phones, and
 * the page. Every request passes the administrator guard (middleware + the loader).
 */
import { Menu } from "lucide-react";
import { useState } from "react";
import { Link, Outlet, useLocation } from "react-router";
import { AdminNavList, currentSection } from "~/components/admin/admin-nav";
import { Alert } from "~/components/ui/alert";
import { Sheet } from "~/components/ui/sheet";
import { requireAdmin, requireAdminMiddleware } from "~/web/guards.server";
import type { Route } from "./+types/layout";
import { adminNav } from "./nav";

export const middleware: Route.MiddlewareFunction[] = [requireAdminMiddleware];

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context, url);
  return { email: admin.email, totpEnabled: admin.totpEnabled };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const section = currentSection(adminNav, pathname);
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <aside className="hidden border-r border-slate-200 bg-white md:block md:w-64 md:shrink-0">
        <div className="sticky top-0">
          <div className="border-b border-slate-100 px-5 py-4">
            <Link to="/" className="text-sm font-bold text-brand-700">
              UK Waste Carrier Directory
            </Link>
            <p className="mt-3 font-semibold text-slate-900">Admin</p>
            <p className="truncate text-xs text-slate-600">{loaderData.email}</p>
          </div>
          <nav aria-label="Admin" className="p-3">
            <AdminNavList items={adminNav} />
          </nav>
        </div>
      </aside>
      <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2 md:hidden">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">Admin</p>
          <p className="truncate font-semibold text-slate-900">{section?.label ?? "Admin"}</p>
        </div>
        <Sheet
          open={open}
          onOpenChange={setOpen}
          title="Admin menu"
          description={`Signed in as ${loaderData.email}`}
          trigger={
            <button
              type="button"
              className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-semibold text-slate-800"
            >
              <Menu aria-hidden className="h-5 w-5" /> Menu
            </button>
          }
        >
          <div className="border-b border-slate-100 px-4 py-3">
            <Link to="/" onClick={() => setOpen(false)} className="text-sm font-bold text-brand-700">
              UK Waste Carrier Directory
            </Link>
            <p className="truncate text-xs text-slate-600">{loaderData.email}</p>
          </div>
          <nav aria-label="Admin" className="p-3">
            <AdminNavList items={adminNav} onNavigate={() => setOpen(false)} />
          </nav>
        </Sheet>
      </div>
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
