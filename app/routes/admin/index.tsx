/**
 * /admin: the Admin Dashboard. Tabs Overview, Quick Actions and Claims (links, so they work
 * without JavaScript); five counts; the five most recent pending claims (Review Claim dialog),
 * leads and quote requests (detail dialogs). Dialogs open from the URL (?claim=, ?lead=, ?quote=).
 */
import {
  ClipboardList,
  Database,
  FileText,
  Flag,
  List,
  MessageSquareQuote,
  Settings,
  Users,
} from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { DashboardDialogs } from "~/components/admin/dashboard/dashboard-dialogs";
import { Alert } from "~/components/ui/alert";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle, TitledCard } from "~/components/ui/card";
import { LinkTabs } from "~/components/ui/tabs";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { getDashboard, type Dashboard } from "~/modules/admin/get-dashboard.server";
import { getApp } from "~/web/context";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/index";
import { formatDate, formatDateTime } from "~/platform/dates";
import { adminMeta } from "~/web/meta";

export function meta() {
  return adminMeta("Admin Dashboard");
}

const FAILED: ToastMessage = { title: "Failed to load dashboard data", variant: "destructive" };

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const app = getApp(context);
  try {
    return { dashboard: await getDashboard(app.db), failed: false as const };
  } catch (error) {
    app.log.error({ err: error }, "dashboard data failed to load");
    return { dashboard: null, failed: true as const };
  }
}

const TABS = [
  { id: "overview", label: "Overview" },
  { id: "actions", label: "Quick Actions" },
  { id: "claims", label: "Claims" },
] as const;

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const tab = TABS.find((t) => t.id === params.get("tab"))?.id ?? "overview";
  useToastOnce(loaderData.failed ? FAILED : null);
  const d = loaderData.dashboard;
  const tabHref = (id: string) => (id === "overview" ? "/admin" : `/admin?tab=${id}`);
  const baseHref = tabHref(tab);
  const withParam = (key: string, value: string) =>
    `${baseHref}${baseHref.includes("?") ? "&" : "?"}${key}=${encodeURIComponent(value)}`;
  const close = () => navigate(baseHref, { preventScrollReset: true, replace: true });

  return (
    <AdminPage
      title="Admin Dashboard"
      description="The directory at a glance, and what needs your attention."
    >
      <LinkTabs
        label="Dashboard sections"
        items={TABS.map((t) => ({ label: t.label, to: tabHref(t.id), selected: t.id === tab }))}
      />
      <div className="mt-6">
        {!d ? (
          <Alert tone="error" title="Failed to load dashboard data">
            Try again in a moment. If it keeps failing, check the server log.
          </Alert>
        ) : tab === "overview" ? (
          <Overview d={d} withParam={withParam} />
        ) : tab === "actions" ? (
          <QuickActions />
        ) : (
          <ClaimsList d={d} withParam={withParam} />
        )}
      </div>
      {d ? <DashboardDialogs d={d} params={params} close={close} closeHref={baseHref} /> : null}
    </AdminPage>
  );
}

function CountCards({ d }: { d: Dashboard }) {
  const c = d.counts;
  const cards: { label: string; value: number; to?: string; icon: typeof List; note?: string }[] = [
    {
      label: "Total Listings",
      value: c.totalListings,
      icon: Database,
      note: c.totalListingsEstimated ? "Approximate" : undefined,
    },
    { label: "Claimed Listings (verified)", value: c.claimedListings, to: "/admin/listings", icon: List },
    { label: "Pending Claims", value: c.pendingClaims, to: "/admin/claim-requests", icon: ClipboardList },
    { label: "Total Leads", value: c.totalLeads, to: "/admin/leads", icon: Users },
    {
      label: "Quote Requests",
      value: c.quoteRequests,
      to: "/admin/quote-requests",
      icon: MessageSquareQuote,
    },
  ];
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5" aria-label="Counts">
      {cards.map((card) => {
        const body = (
          <Card className={`h-full p-4 ${card.to ? "transition-colors hover:border-brand-600" : ""}`}>
            <div className="flex items-center justify-between gap-2">
              <p className="text-sm font-medium text-slate-600">{card.label}</p>
              <card.icon aria-hidden className="h-5 w-5 shrink-0 text-brand-700" />
            </div>
            <p className="mt-2 text-3xl font-bold text-slate-900" data-testid={`count-${card.label}`}>
              {card.value.toLocaleString("en-GB")}
            </p>
            {card.note ? <p className="text-xs text-slate-600">{card.note}</p> : null}
          </Card>
        );
        return (
          <li key={card.label}>
            {card.to ? (
              <Link to={card.to} className="block h-full rounded-lg">
                {body}
              </Link>
            ) : (
              body
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Overview({ d, withParam }: { d: Dashboard; withParam: (k: string, v: string) => string }) {
  return (
    <div className="space-y-6">
      {d.failedJobs.total > 0 ? <FailedJobs jobs={d.failedJobs} /> : null}
      <CountCards d={d} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <TitledCard title="Recent pending claims" className="lg:col-span-2">
          <PendingClaimList d={d} withParam={withParam} />
        </TitledCard>
        <RecentCard
          title="Recent leads"
          empty="No leads found"
          items={d.recentLeads.map((l) => ({
            id: l.id,
            name: l.name,
            meta: (
              <>
                {l.postcode} · {formatDate(l.createdAt, "short")}
              </>
            ),
            href: withParam("lead", l.id),
            label: `View lead from ${l.name}`,
          }))}
        />
        <RecentCard
          title="Recent quote requests"
          empty="No quote requests found"
          items={d.recentQuotes.map((q) => ({
            id: q.id,
            name: q.name || "Unknown",
            meta: (
              <>
                Provider {q.providerId} · {formatDate(q.createdAt, "short")}
              </>
            ),
            href: withParam("quote", q.id),
            label: `View quote request from ${q.name || "Unknown"}`,
          }))}
        />
      </div>
    </div>
  );
}

/** The recent leads or quote requests: name, a line under it, and View (opens its dialog). */
function RecentCard({
  title,
  empty,
  items,
}: {
  title: string;
  empty: string;
  items: { id: string; name: string; meta: React.ReactNode; href: string; label: string }[];
}) {
  return (
    <TitledCard title={title}>
      {items.length === 0 ? (
        <p className="text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id} className="flex items-center justify-between gap-3 py-2">
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{item.name}</p>
                <p className="truncate text-sm text-slate-600">{item.meta}</p>
              </div>
              <Link
                to={item.href}
                preventScrollReset
                className={buttonVariants({ variant: "outline", size: "sm" })}
                aria-label={item.label}
              >
                View
              </Link>
            </li>
          ))}
        </ul>
      )}
    </TitledCard>
  );
}

function FailedJobs({ jobs }: { jobs: Dashboard["failedJobs"] }) {
  return (
    <Card className="border-red-200" data-testid="failed-jobs">
      <CardHeader>
        <CardTitle>
          {jobs.total === 1 ? "1 background job" : `${jobs.total} background jobs`} failed in the last{" "}
          {jobs.days} days
        </CardTitle>
        <p className="text-sm text-slate-600">
          Each was tried as many times as allowed. The error says what went wrong.
        </p>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-slate-100">
          {jobs.items.map((j) => (
            <li key={j.id} className="py-2">
              <p className="font-medium text-slate-900">
                {j.href ? (
                  <Link to={j.href} className="text-brand-700 underline">
                    {j.what}
                  </Link>
                ) : (
                  j.what
                )}{" "}
                <span className="text-sm font-normal text-slate-600">
                  · {formatDateTime(j.failedAt, "short")} ·{" "}
                  {j.attempts === 1 ? "1 attempt" : `${j.attempts} attempts`}
                </span>
              </p>
              <p className="text-sm break-words text-red-800">{j.error}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function PendingClaimList({ d, withParam }: { d: Dashboard; withParam: (k: string, v: string) => string }) {
  if (d.pendingClaims.length === 0) return <p className="text-sm text-slate-600">No pending claims found</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {d.pendingClaims.map((c) => (
        <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{c.businessName ?? c.registrationNumber}</p>
            <p className="text-sm text-slate-600">
              <span className="font-mono">{c.registrationNumber}</span> · {c.contactName} ·{" "}
              {formatDate(c.createdAt, "short")}
            </p>
          </div>
          <Link
            to={withParam("claim", c.id)}
            preventScrollReset
            className={buttonVariants({ variant: "primary", size: "sm" })}
            aria-label={`Review claim for ${c.businessName ?? c.registrationNumber}`}
          >
            Review Claim
          </Link>
        </li>
      ))}
    </ul>
  );
}

function ClaimsList({ d, withParam }: { d: Dashboard; withParam: (k: string, v: string) => string }) {
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Pending claims</CardTitle>
        <Link to="/admin/claim-requests" className="text-sm font-semibold text-brand-700 underline">
          All claim requests
        </Link>
      </CardHeader>
      <CardContent>
        <PendingClaimList d={d} withParam={withParam} />
      </CardContent>
    </Card>
  );
}

function QuickActions() {
  const actions = [
    {
      to: "/admin/claim-requests",
      label: "Review claim requests",
      text: "Approve or reject businesses claiming their listing.",
      icon: ClipboardList,
    },
    {
      to: "/admin/data-management",
      label: "Update register data",
      text: "Sync the directory with the public register, or upload a file.",
      icon: Database,
    },
    {
      to: "/admin/leads",
      label: "Customer leads",
      text: "Requests from people looking for a carrier.",
      icon: Users,
    },
    {
      to: "/admin/quote-requests",
      label: "Quote requests",
      text: "Requests sent to individual providers.",
      icon: MessageSquareQuote,
    },
    {
      to: "/admin/reports",
      label: "Reports & Complaints",
      text: "Carriers reported by visitors.",
      icon: Flag,
    },
    {
      to: "/admin/listings",
      label: "Claimed listings",
      text: "Businesses that manage their listing.",
      icon: FileText,
    },
    {
      to: "/admin/settings",
      label: "Settings",
      text: "Register source, e-mail and administrators.",
      icon: Settings,
    },
  ];
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {actions.map((a) => (
        <li key={a.to}>
          <Link to={a.to} className="block h-full rounded-lg">
            <Card className="flex h-full gap-3 p-5 transition-colors hover:border-brand-600">
              <a.icon aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" />
              <span>
                <span className="block font-semibold text-slate-900">{a.label}</span>
                <span className="mt-1 block text-sm text-slate-600">{a.text}</span>
              </span>
            </Card>
          </Link>
        </li>
      ))}
    </ul>
  );
}
