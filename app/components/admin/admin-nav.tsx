/** The admin sections as a list of links (the desktop sidebar and the mobile drawer share it). */
import { LogOut, ShieldCheck } from "lucide-react";
import { Form, NavLink } from "react-router";
import { cn } from "~/components/ui/cn";
import type { LucideIcon } from "lucide-react";

export interface AdminNavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end: boolean;
}

const item = "flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium";

export function AdminNavList({ items, onNavigate }: { items: AdminNavItem[]; onNavigate?: () => void }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {items.map((n) => (
        <li key={n.to}>
          <NavLink
            to={n.to}
            end={n.end}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(item, isActive ? "bg-brand-50 text-brand-800" : "text-slate-700 hover:bg-slate-100")
            }
          >
            <n.icon aria-hidden className="h-4 w-4" />
            {n.label}
          </NavLink>
        </li>
      ))}
      <li className="mt-2 border-t border-slate-100 pt-2">
        <NavLink
          to="/account/security"
          onClick={onNavigate}
          className={cn(item, "text-slate-700 hover:bg-slate-100")}
        >
          <ShieldCheck aria-hidden className="h-4 w-4" /> Account security
        </NavLink>
      </li>
      <li>
        <Form method="post" action="/logout">
          <button type="submit" className={cn(item, "w-full text-left text-slate-700 hover:bg-slate-100")}>
            <LogOut aria-hidden className="h-4 w-4" /> Sign Out
          </button>
        </Form>
      </li>
    </ul>
  );
}

/** The section a path belongs to (for the mobile bar's title). */
export function currentSection(items: AdminNavItem[], pathname: string): AdminNavItem | undefined {
  const path = pathname.replace(/\/$/, "") || "/";
  return items.find((n) => (n.end ? path === n.to : path === n.to || path.startsWith(`${n.to}/`)));
}
