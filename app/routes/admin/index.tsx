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
import { DetailList } from "~/components/admin/detail-list";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog } from "~/components/ui/dialog";
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

const LOAD_SIZES: Record<string, string> = {
  single: "Single Item",
  small: "Car Load",
  medium: "Small Van",
  large: "Large Van",
};

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
      {d ? <Dialogs d={d} params={params} close={close} closeHref={baseHref} /> : null}
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
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Recent pending claims</CardTitle>
          </CardHeader>
          <CardContent>
            <PendingClaimList d={d} withParam={withParam} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Recent leads</CardTitle>
          </CardHeader>
          <CardContent>
            {d.recentLeads.length === 0 ? (
              <p className="text-sm text-slate-600">No leads found</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {d.recentLeads.map((l) => (
                  <li key={l.id} className="flex items-center justify-between gap-3 py-2">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">{l.name}</p>
                      <p className="truncate text-sm text-slate-600">
                        {l.postcode} · {formatDate(l.createdAt, "short")}
                      </p>
                    </div>
                    <Link
                      to={withParam("lead", l.id)}
                      preventScrollReset
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                      aria-label={`View lead from ${l.name}`}
                    >
                      View
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Recent quote requests</CardTitle>
          </CardHeader>
          <CardContent>
            {d.recentQuotes.length === 0 ? (
              <p className="text-sm text-slate-600">No quote requests found</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {d.recentQuotes.map((q) => (
                  <li key={q.id} className="flex items-center justify-between gap-3 py-2">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900">{q.name || "Unknown"}</p>
                      <p className="truncate text-sm text-slate-600">
                        Provider {q.providerId} · {formatDate(q.createdAt, "short")}
                      </p>
                    </div>
                    <Link
                      to={withParam("quote", q.id)}
                      preventScrollReset
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                      aria-label={`View quote request from ${q.name || "Unknown"}`}
                    >
                      View
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
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

function Dialogs({
  d,
  params,
  close,
  closeHref,
}: {
  d: Dashboard;
  params: URLSearchParams;
  close: () => void;
  closeHref: string;
}) {
  const claim = d.pendingClaims.find((c) => c.id === params.get("claim"));
  const lead = d.recentLeads.find((l) => l.id === params.get("lead"));
  const quote = d.recentQuotes.find((q) => q.id === params.get("quote"));
  const onOpenChange = (open: boolean) => {
    if (!open) close();
  };
  return (
    <>
      {claim ? (
        <Dialog
          open
          onOpenChange={onOpenChange}
          closeHref={closeHref}
          title="Review Claim"
          description={claim.businessName ?? undefined}
          footer={
            <>
              <Button asChild variant="danger">
                <Link to={`/admin/claim-requests?claim=${encodeURIComponent(claim.id)}&action=reject`}>
                  Reject
                </Link>
              </Button>
              <Button asChild>
                <Link to={`/admin/claim-requests?claim=${encodeURIComponent(claim.id)}&action=approve`}>
                  Approve Claim
                </Link>
              </Button>
            </>
          }
        >
          <DetailList
            items={[
              ["Registration number", <span className="font-mono">{claim.registrationNumber}</span>],
              ["Contact name", claim.contactName],
              [
                "Phone",
                <a href={`tel:${claim.contactPhone}`} className="text-brand-700 underline">
                  {claim.contactPhone}
                </a>,
              ],
              [
                "E-mail",
                <a href={`mailto:${claim.contactEmail}`} className="text-brand-700 underline">
                  {claim.contactEmail}
                </a>,
              ],
              [
                "Licence document",
                claim.licenseDocumentUrl ? (
                  <a
                    href={claim.licenseDocumentUrl}
                    target="_blank"
                    rel="noreferrer"
                    className="text-brand-700 underline"
                  >
                    View licence document
                  </a>
                ) : (
                  "No document uploaded"
                ),
              ],
              ["Plan", claim.subscriptionPlan === "premium" ? "Premium" : "Standard"],
              ["Submitted", formatDateTime(claim.createdAt, "short")],
            ]}
          />
        </Dialog>
      ) : null}
      {lead ? (
        <Dialog
          open
          onOpenChange={onOpenChange}
          closeHref={closeHref}
          title="Lead details"
          description={`Received ${formatDateTime(lead.createdAt, "short")}`}
        >
          <DetailList
            items={[
              ["Name", lead.name],
              [
                "E-mail",
                <a href={`mailto:${lead.email}`} className="text-brand-700 underline">
                  {lead.email}
                </a>,
              ],
              ["Phone", lead.phone],
              ["Postcode", lead.postcode],
              ["Load size", lead.loadSize ? (LOAD_SIZES[lead.loadSize] ?? lead.loadSize) : null],
              ["Preferred date", lead.preferredDate ? formatDate(lead.preferredDate, "short") : null],
              ["Preferred time", lead.preferredTime === "asap" ? "As soon as possible" : lead.preferredTime],
              ["Status", <Badge tone="blue">{lead.status}</Badge>],
              ["Description", <span className="whitespace-pre-line">{lead.description}</span>],
              ["Image", lead.hasImage ? "Image attached (see Leads)" : "No image"],
            ]}
          />
        </Dialog>
      ) : null}
      {quote ? (
        <Dialog
          open
          onOpenChange={onOpenChange}
          closeHref={closeHref}
          title="Quote request details"
          description={`Provider ${quote.providerId}`}
        >
          <DetailList
            items={[
              ["Name", quote.name || "Unknown"],
              [
                "E-mail",
                <a href={`mailto:${quote.email}`} className="text-brand-700 underline">
                  {quote.email}
                </a>,
              ],
              ["Phone", quote.phone],
              ["Postcode", quote.postcode],
              ["Provider", `Provider ${quote.providerId}`],
              ["Service type", quote.serviceType],
              ["Status", <Badge tone="amber">{quote.status}</Badge>],
              ["Message", <span className="whitespace-pre-line">{quote.message}</span>],
              ["Image", quote.hasImage ? "Image attached (see Quote Requests)" : "No image"],
              ["Received", formatDateTime(quote.createdAt, "short")],
            ]}
          />
        </Dialog>
      ) : null}
    </>
  );
}
