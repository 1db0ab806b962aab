/** Pieces the company's Quote Requests and Reviews pages share (decision 0604). */
import { Link } from "react-router";
import { Alert } from "~/components/ui/alert";
import { cn } from "~/components/ui/cn";
import type { EnquiryAccess } from "~/modules/company/enquiry-access";

/** The page's heading and what it is for. */
export function EnquiryPageHeader({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{children}</p>
    </div>
  );
}

/** Why the page is read-only (suspended) or empty (awaiting approval); nothing when it is not. */
export function AccessNotice({
  access,
  what,
  className = "mt-6",
}: {
  access: EnquiryAccess;
  what: string;
  className?: string;
}) {
  if (access === "manage") return null;
  if (access === "read-only")
    return (
      <Alert tone="warning" title="Your listing is suspended" className={className}>
        You can read your {what} but not change them while your listing is suspended. Contact us to have it
        reinstated.
      </Alert>
    );
  return (
    <Alert tone="info" title="Your listing is awaiting approval" className={className}>
      Your {what} will be here once an administrator has approved your listing.
    </Alert>
  );
}

export interface FilterTab {
  label: string;
  href: string;
  count?: number;
  active: boolean;
}

/** The list's filters as links, so they work without JavaScript and can be shared. */
export function FilterTabs({ label, tabs }: { label: string; tabs: FilterTab[] }) {
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap gap-2">
      {tabs.map((t) => (
        <Link
          key={t.href}
          to={t.href}
          aria-current={t.active ? "page" : undefined}
          className={cn(
            "inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium",
            t.active
              ? "border-brand-700 bg-brand-700 text-white"
              : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
          )}
        >
          {t.label}
          {t.count !== undefined ? (
            <span className={cn("tabular-nums", t.active ? "text-white" : "text-slate-600")}>
              ({t.count})
            </span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}

/** An empty list's message. */
export function EmptyList({ children }: { children: React.ReactNode }) {
  return (
    <p className="mt-6 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
      {children}
    </p>
  );
}
