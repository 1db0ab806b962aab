/**
 * Tabs as links: each tab is a URL (usually a search parameter), so the selected tab survives a
 * reload, works without JavaScript and is rendered by the server. `aria-current` marks the
 * selected one.
 */
import { Link } from "react-router";
import { cn } from "./cn";

export interface TabItem {
  label: React.ReactNode;
  to: string;
  selected: boolean;
}

export function LinkTabs({
  items,
  label,
  className,
}: {
  items: TabItem[];
  label: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={cn("flex gap-1 overflow-x-auto border-b border-slate-200", className)}>
      {items.map((t) => (
        <Link
          key={t.to}
          to={t.to}
          aria-current={t.selected ? "page" : undefined}
          preventScrollReset
          className={cn(
            "-mb-px border-b-2 px-4 py-2 text-sm font-semibold whitespace-nowrap",
            t.selected
              ? "border-brand-600 text-brand-800"
              : "border-transparent text-slate-600 hover:text-slate-900",
          )}
        >
          {t.label}
        </Link>
      ))}
    </nav>
  );
}
