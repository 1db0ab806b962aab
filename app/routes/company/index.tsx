/**
 * /company: the company dashboard. Stats and the 30-day chart, the listing's details (publish or
 * draft), the logo, account information (the registration's real state, with a warning when it
 * expires within 60 days or has expired), the plan (period, trial, notes used this month, the way
 * to Premium) and the e-mail notification setting; 'Account Not Found' for a user with no
 * business. Every change is made on the signed-in user's own listing only.
 */
import { formatDate } from "~/platform/dates";
import { useMemo } from "react";
import { Eye, ExternalLink, Info, Phone } from "lucide-react";
import { data, Link } from "react-router";
import { AccountNotFound } from "~/components/company/account-not-found";
import { AnalyticsChart } from "~/components/company/analytics-chart";
import { ListingDetailsForm, type ListingFormValues } from "~/components/company/listing-details-form";
import { LogoField } from "~/components/company/logo-field";
import { NotificationSettings } from "~/components/company/notification-settings";
import { PlanCard } from "~/components/company/plan-card";
import { RegistrationAlert } from "~/components/company/registration-alert";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { getAccountOverview } from "~/modules/company/account-overview.server";
import { editableValues, getCompanyListing } from "~/modules/company/company-listing.server";
import { getDashboardStats } from "~/modules/company/dashboard-stats.server";
import {
  LISTING_MESSAGES,
  parseListingDetails,
  type ListingFieldErrors,
} from "~/modules/company/listing-rules";
import { removeLogo, uploadLogo } from "~/modules/company/logo.server";
import { saveListingDetails, setEmailNotifications } from "~/modules/company/update-listing.server";
import { getApp } from "~/web/context";
import { readForm } from "~/web/request-input.server";
import { redirectWithToast } from "~/web/toast.server";
import { requireUser } from "~/web/guards.server";
import type { Route } from "./+types/index";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Company Dashboard", noindex: true });
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url);
  const { db, log } = getApp(context);
  try {
    const listing = await getCompanyListing(db, user.id);
    if (!listing)
      return { email: user.email, listing: null, stats: null, form: null, overview: null, loadError: null };
    const [stats, overview] = await Promise.all([
      getDashboardStats(db, listing.registrationNumber),
      getAccountOverview(db, listing),
    ]);
    return { email: user.email, listing, stats, form: editableValues(listing), overview, loadError: null };
  } catch (error) {
    log.error({ err: error }, "company dashboard failed to load");
    return data(
      {
        email: user.email,
        listing: null,
        stats: null,
        form: null,
        overview: null,
        loadError: LISTING_MESSAGES.loadFailed,
      },
      { status: 500 },
    );
  }
}

type ActionResult = {
  intent: string;
  errors?: ListingFieldErrors;
  values?: ListingFormValues;
  logoError?: string;
  toast: ToastMessage | null;
};

const failure = (description: string): ToastMessage => ({
  title: "Error",
  description,
  variant: "destructive",
});

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireUser(request, context, url);
  const app = getApp(context);
  const deps = { db: app.db, storage: app.storage };
  const read = await readForm(request);
  if (!read.ok) {
    // A logo over the limit is refused as its bytes arrive (app/web/request-input.server.ts).
    if (read.status === 413) {
      return data<ActionResult>(
        {
          intent: "upload-logo",
          logoError: LISTING_MESSAGES.logoTooLarge,
          toast: failure(LISTING_MESSAGES.logoUploadFailed),
        },
        { status: 413 },
      );
    }
    return data<ActionResult>({ intent: "unknown", toast: failure(read.message) }, { status: read.status });
  }
  const form = read.form;
  const intent = String(form.get("intent") ?? "");
  const noListing = () =>
    data<ActionResult>({ intent, toast: failure(LISTING_MESSAGES.loadFailed) }, { status: 404 });

  try {
    switch (intent) {
      case "details": {
        const parsed = parseListingDetails(form);
        if (!parsed.ok) {
          return data<ActionResult>(
            {
              intent,
              errors: parsed.errors,
              values: parsed.values,
              toast: failure(LISTING_MESSAGES.saveFailed),
            },
            { status: 400 },
          );
        }
        const outcome = await saveListingDetails(app.db, user.id, parsed.data);
        if (outcome === "no_listing") return noListing();
        return redirectWithToast(context, "/company", {
          title: outcome === "published" ? LISTING_MESSAGES.published : LISTING_MESSAGES.draft,
          variant: "success",
        });
      }
      case "upload-logo": {
        const listing = await getCompanyListing(app.db, user.id);
        if (!listing) return noListing();
        const file = form.get("logo");
        const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
        const outcome = await uploadLogo(deps, user.id, listing.registrationNumber, bytes);
        if (outcome.status === "no_listing") return noListing();
        if (outcome.status === "invalid") {
          return data<ActionResult>(
            { intent, logoError: outcome.message, toast: failure(LISTING_MESSAGES.logoUploadFailed) },
            { status: 400 },
          );
        }
        const notes = [
          outcome.status === "draft"
            ? "It will show on your public listing once your listing is approved."
            : null,
          outcome.square ? null : LISTING_MESSAGES.logoNotSquare,
        ].filter(Boolean);
        return redirectWithToast(context, "/company", {
          title: LISTING_MESSAGES.logoUploaded,
          ...(notes.length ? { description: notes.join(" ") } : {}),
          variant: "success",
        });
      }
      case "remove-logo": {
        const outcome = await removeLogo(deps, user.id);
        if (outcome.status === "no_listing") return noListing();
        return redirectWithToast(context, "/company", {
          title: LISTING_MESSAGES.logoRemoved,
          variant: "success",
        });
      }
      case "notifications": {
        const saved = await setEmailNotifications(app.db, user.id, form.get("emailNotifications") === "on");
        if (!saved) return noListing();
        return data<ActionResult>({ intent, toast: null });
      }
      default:
        return data<ActionResult>({ intent, toast: failure(LISTING_MESSAGES.unexpected) }, { status: 400 });
    }
  } catch (error) {
    app.log.error({ err: error, intent }, "company dashboard action failed");
    const message =
      intent === "details"
        ? LISTING_MESSAGES.saveFailed
        : intent === "upload-logo"
          ? LISTING_MESSAGES.logoUploadFailed
          : intent === "remove-logo"
            ? LISTING_MESSAGES.logoRemoveFailed
            : LISTING_MESSAGES.unexpected;
    return data<ActionResult>({ intent, toast: failure(message) }, { status: 500 });
  }
}

function StatCard({
  label,
  total,
  last30,
  icon: Icon,
}: {
  label: string;
  total: number;
  last30: number;
  icon: typeof Eye;
}) {
  return (
    <Card>
      <CardContent className="flex items-center gap-4 py-5">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Icon aria-hidden className="size-5" />
        </span>
        <div>
          <h2 className="text-sm font-medium text-slate-600">{label}</h2>
          <p
            className="text-2xl font-bold text-slate-900 tabular-nums"
            data-testid={`stat-${label.toLowerCase().replace(/\s+/g, "-")}`}
          >
            {total.toLocaleString("en-GB")}
          </p>
          <p className="text-xs text-slate-600">{last30.toLocaleString("en-GB")} in the last 30 days</p>
        </div>
      </CardContent>
    </Card>
  );
}

export default function CompanyDashboard({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnce(actionData?.toast);
  const { listing, stats, form, email, overview, loadError } = loaderData;
  const loadToast = useMemo<ToastMessage | null>(
    () => (loadError ? { title: "Error", description: loadError, variant: "destructive" } : null),
    [loadError],
  );
  useToastOnce(loadToast);
  if (loadError) {
    return (
      <main className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">Company Dashboard</h1>
        <Alert tone="error" title="Error" className="mt-6">
          {loadError}. Please try again in a moment.
        </Alert>
      </main>
    );
  }
  if (!listing || !stats || !form || !overview) {
    return (
      <main className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">Company Dashboard</h1>
        <AccountNotFound email={email} />
      </main>
    );
  }
  const values = actionData?.intent === "details" && actionData.values ? actionData.values : form;
  const errors = actionData?.intent === "details" ? actionData.errors : undefined;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Company Dashboard</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-700">
            <span className="font-medium">{listing.businessName}</span>
            {listing.verified ? (
              <Badge tone="green">Verified Listing</Badge>
            ) : (
              <Badge tone="amber">Awaiting Approval</Badge>
            )}
          </p>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to={`/provider/${encodeURIComponent(listing.registrationNumber)}`}>
            <ExternalLink aria-hidden className="size-4" /> View public profile
          </Link>
        </Button>
      </div>
      <RegistrationAlert
        registration={overview.registration}
        registrationNumber={listing.registrationNumber}
      />
      {listing.suspended ? (
        <Alert tone="error" title="Listing suspended" className="mt-6">
          Your listing is suspended: the public site shows only the register&apos;s details, and you cannot
          write waste notes. Please{" "}
          <a href="/contact" className="font-semibold underline">
            contact us
          </a>{" "}
          to find out why and what to do.
        </Alert>
      ) : null}

      <section aria-label="Analytics" className="mt-6 grid gap-4 sm:grid-cols-2">
        <StatCard label="Profile Views" total={stats.views} last30={stats.last30.views} icon={Eye} />
        <StatCard
          label="Phone Clicks"
          total={stats.phoneClicks}
          last30={stats.last30.phoneClicks}
          icon={Phone}
        />
        <Card className="min-w-0 sm:col-span-2">
          <CardHeader>
            <CardTitle>Last 30 days</CardTitle>
          </CardHeader>
          <CardContent>
            <AnalyticsChart series={stats.series} />
          </CardContent>
        </Card>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <CardHeader>
            <CardTitle>Listing Details</CardTitle>
          </CardHeader>
          <CardContent className="space-y-6">
            {!listing.verified ? (
              <Alert tone="info" title="Awaiting approval">
                <span className="inline-flex gap-1">
                  <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
                  {listing.draft
                    ? "Your saved changes are kept as a draft and will be published when your listing is approved. The public listing shows the register's details until then."
                    : "Changes you save are kept as a draft and published when your listing is approved."}
                </span>
              </Alert>
            ) : null}
            <LogoField
              logoUrl={form.logoUrl}
              businessName={form.businessName}
              error={actionData?.intent === "upload-logo" ? actionData.logoError : null}
              pendingApproval={!listing.verified}
            />
            <ListingDetailsForm
              values={values}
              address={listing.address}
              errors={errors}
              verified={listing.verified}
            />
          </CardContent>
        </Card>
        <div className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Account Information</CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-3 text-sm">
                <div>
                  <dt className="text-slate-600">Registration Number</dt>
                  <dd className="font-semibold">{listing.registrationNumber}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Registration</dt>
                  <dd className="mt-0.5" data-testid="registration-state">
                    <Badge tone={overview.registration.tone}>{overview.registration.label}</Badge>
                    {overview.registration.detail ? (
                      <span className="mt-1 block text-xs text-slate-600">
                        {overview.registration.detail}
                      </span>
                    ) : null}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Expiry Date</dt>
                  <dd className="font-semibold">
                    {listing.expiryDate ? formatDate(listing.expiryDate, "numeric") : "Not specified"}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Account Status</dt>
                  <dd className="font-semibold" data-testid="account-status">
                    {overview.status}
                  </dd>
                </div>
                <div>
                  <dt className="text-slate-600">Signed in as</dt>
                  <dd className="font-semibold break-all">{email}</dd>
                </div>
              </dl>
              <Button asChild variant="outline" size="sm" className="mt-4">
                <Link to="/account/security">Account security</Link>
              </Button>
            </CardContent>
          </Card>
          <PlanCard
            plan={overview.plan}
            usage={overview.usage}
            upgradeRequestedAt={overview.upgradeRequest?.createdAt ?? null}
            canWriteNotes={!overview.notes}
            canUpgrade={listing.verified && !listing.suspended}
          />
          <Card>
            <CardHeader>
              <CardTitle>Notification Settings</CardTitle>
            </CardHeader>
            <CardContent>
              <NotificationSettings enabled={listing.emailNotifications} />
            </CardContent>
          </Card>
        </div>
      </div>
    </main>
  );
}
