/**
 * /company: the company dashboard. Stats and the 30-day chart, the listing's details (publish or
 * draft), the logo, account information (the registration's real state, with a warning when it
 * expires within 60 days or has expired), the plan (period, trial, notes used this month, the way
 * to Premium) and the e-mail notification setting; 'Account Not Found' for a user with no
 * business. Every change is made on the signed-in user's own listing only. A suspended listing's
 * details and logo are shown without their forms, with a notice; a change posted anyway is
 * refused (403) and stores nothing (decision 0256).
 */
import { useMemo } from "react";
import { data } from "react-router";
import { CompanyPageUnavailable } from "~/components/company/account-not-found";
import { AccountInfoCard } from "~/components/company/dashboard/account-card";
import { DashboardHeader } from "~/components/company/dashboard/dashboard-header";
import { ListingCard } from "~/components/company/dashboard/listing-card";
import { StatsSection } from "~/components/company/dashboard/stats-section";
import { EnquiriesSection } from "~/components/company/dashboard/enquiries-section";
import { getEnquiryCounts } from "~/modules/company/enquiry-counts.server";
import type { ListingFormValues } from "~/components/company/listing-details-form";
import { NotificationSettings } from "~/components/company/notification-settings";
import { PlanCard } from "~/components/company/plan-card";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { getAccountOverview } from "~/modules/company/account-overview.server";
import {
  editableValues,
  getCompanyListing,
  type CompanyListing,
} from "~/modules/company/company-listing.server";
import { getDashboardStats } from "~/modules/company/dashboard-stats.server";
import {
  LISTING_MESSAGES,
  parseListingDetails,
  type ListingFieldErrors,
} from "~/modules/company/listing-rules";
import { removeLogo, uploadLogo } from "~/modules/company/logo.server";
import { saveListingDetails, setEmailNotifications } from "~/modules/company/update-listing.server";
import type { AppContext } from "~/web/context";
import { readForm } from "~/web/request-input.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/index";
import { companyUser } from "./company-user.server";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Company Dashboard", noindex: true });
}

export async function loader(args: Route.LoaderArgs) {
  const { user, app } = await companyUser(args);
  try {
    const listing = await getCompanyListing(app.db, user.id);
    if (!listing)
      return {
        email: user.email,
        listing: null,
        stats: null,
        form: null,
        overview: null,
        enquiries: null,
        loadError: null,
      };
    const [stats, overview, enquiries] = await Promise.all([
      getDashboardStats(app.db, listing.registrationNumber),
      getAccountOverview(app.db, listing),
      // New quote requests and reviews awaiting a reply, once the listing is approved (decision 0604).
      listing.verified ? getEnquiryCounts(app.db, listing.registrationNumber) : null,
    ]);
    const form = editableValues(listing);
    return { email: user.email, listing, stats, form, overview, enquiries, loadError: null };
  } catch (error) {
    app.log.error({ err: error }, "company dashboard failed to load");
    return data(
      {
        email: user.email,
        listing: null,
        stats: null,
        form: null,
        overview: null,
        enquiries: null,
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

/** What failed, in the words of the intent that was tried. */
function failureMessage(intent: string) {
  if (intent === "details") return LISTING_MESSAGES.saveFailed;
  if (intent === "upload-logo") return LISTING_MESSAGES.logoUploadFailed;
  if (intent === "remove-logo") return LISTING_MESSAGES.logoRemoveFailed;
  return LISTING_MESSAGES.unexpected;
}

interface IntentArgs {
  app: AppContext;
  userId: string;
  /** The user's listing as the action found it (each change reads it again, locked). */
  listing: CompanyListing | null;
  form: FormData;
}

/** An intent's answer: the page's data, or a toast to show on /company after the redirect. */
type Outcome = ReturnType<typeof data<ActionResult>> | { redirectToast: ToastMessage };

const NO_LISTING = "no_listing" as const;
/** The listing is suspended: read-only, the change refused (403) with nothing stored (decision 0256). */
const SUSPENDED = "suspended" as const;
type Refusal = typeof NO_LISTING | typeof SUSPENDED;

/** Why the listing's details and logo may not change now, before the form or the file is read. */
function editRefusal(listing: CompanyListing | null): Refusal | null {
  if (!listing) return NO_LISTING;
  return listing.suspended ? SUSPENDED : null;
}

async function saveDetails({ app, userId, listing, form }: IntentArgs): Promise<Outcome | Refusal> {
  const refusal = editRefusal(listing);
  if (refusal) return refusal;
  const parsed = parseListingDetails(form);
  if (!parsed.ok) {
    return data<ActionResult>(
      {
        intent: "details",
        errors: parsed.errors,
        values: parsed.values,
        toast: failure(LISTING_MESSAGES.saveFailed),
      },
      { status: 400 },
    );
  }
  const outcome = await saveListingDetails(app.db, userId, parsed.data);
  if (outcome === "no_listing" || outcome === "suspended") return outcome;
  return {
    redirectToast: {
      title: outcome === "published" ? LISTING_MESSAGES.published : LISTING_MESSAGES.draft,
      variant: "success",
    },
  };
}

async function saveLogo({ app, userId, listing, form }: IntentArgs): Promise<Outcome | Refusal> {
  const refusal = editRefusal(listing);
  if (refusal || !listing) return refusal ?? NO_LISTING;
  const file = form.get("logo");
  const bytes = file instanceof File ? new Uint8Array(await file.arrayBuffer()) : new Uint8Array();
  const deps = { db: app.db, storage: app.storage, log: app.log };
  const outcome = await uploadLogo(deps, userId, listing.registrationNumber, bytes);
  if (outcome.status === "no_listing" || outcome.status === "suspended") return outcome.status;
  if (outcome.status === "invalid") {
    return data<ActionResult>(
      {
        intent: "upload-logo",
        logoError: outcome.message,
        toast: failure(LISTING_MESSAGES.logoUploadFailed),
      },
      { status: 400 },
    );
  }
  const notes = [
    outcome.status === "draft" ? "It will show on your public listing once your listing is approved." : null,
    outcome.square ? null : LISTING_MESSAGES.logoNotSquare,
  ].filter(Boolean);
  return {
    redirectToast: {
      title: LISTING_MESSAGES.logoUploaded,
      ...(notes.length ? { description: notes.join(" ") } : {}),
      variant: "success",
    },
  };
}

async function deleteLogo({ app, userId, listing }: IntentArgs): Promise<Outcome | Refusal> {
  const refusal = editRefusal(listing);
  if (refusal) return refusal;
  const outcome = await removeLogo({ db: app.db, storage: app.storage, log: app.log }, userId);
  if (outcome.status === "no_listing" || outcome.status === "suspended") return outcome.status;
  return { redirectToast: { title: LISTING_MESSAGES.logoRemoved, variant: "success" } };
}

/**
 * The e-mail notification setting stays open to a suspended listing: it is the owner's own
 * preference, not the public listing (decision 0256).
 */
async function saveNotifications({ app, userId, form }: IntentArgs): Promise<Outcome | Refusal> {
  const saved = await setEmailNotifications(app.db, userId, form.get("emailNotifications") === "on");
  if (!saved) return NO_LISTING;
  return data<ActionResult>({ intent: "notifications", toast: null });
}

const INTENTS = new Map([
  ["details", saveDetails],
  ["upload-logo", saveLogo],
  ["remove-logo", deleteLogo],
  ["notifications", saveNotifications],
]);

export async function action({ request, context, url }: Route.ActionArgs) {
  const { user, app } = await companyUser({ request, context, url });
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
  const intent = String(read.form.get("intent") ?? "");
  const run = INTENTS.get(intent);
  if (!run)
    return data<ActionResult>({ intent, toast: failure(LISTING_MESSAGES.unexpected) }, { status: 400 });
  let outcome: Outcome | Refusal;
  try {
    const listing = await getCompanyListing(app.db, user.id);
    outcome = await run({ app, userId: user.id, listing, form: read.form });
  } catch (error) {
    app.log.error({ err: error, intent }, "company dashboard action failed");
    return data<ActionResult>({ intent, toast: failure(failureMessage(intent)) }, { status: 500 });
  }
  if (outcome === NO_LISTING)
    return data<ActionResult>({ intent, toast: failure(LISTING_MESSAGES.loadFailed) }, { status: 404 });
  if (outcome === SUSPENDED)
    return data<ActionResult>({ intent, toast: failure(LISTING_MESSAGES.suspended) }, { status: 403 });
  if ("redirectToast" in outcome) return redirectWithToast(context, "/company", outcome.redirectToast);
  return outcome;
}

export default function CompanyDashboard({ loaderData, actionData }: Route.ComponentProps) {
  useToastOnce(actionData?.toast);
  const { listing, stats, form, email, overview, enquiries, loadError } = loaderData;
  const loadToast = useMemo<ToastMessage | null>(
    () => (loadError ? { title: "Error", description: loadError, variant: "destructive" } : null),
    [loadError],
  );
  useToastOnce(loadToast);
  if (loadError || !listing || !stats || !form || !overview)
    return <CompanyPageUnavailable title="Company Dashboard" email={email} loadError={loadError} />;
  const values = actionData?.intent === "details" && actionData.values ? actionData.values : form;
  const errors = actionData?.intent === "details" ? actionData.errors : undefined;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8">
      <DashboardHeader listing={listing} registration={overview.registration} />
      {enquiries ? <EnquiriesSection counts={enquiries} /> : null}
      <StatsSection stats={stats} />
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <ListingCard
          verified={listing.verified}
          suspended={listing.suspended}
          hasDraft={Boolean(listing.draft)}
          address={listing.address}
          logoUrl={form.logoUrl}
          businessName={form.businessName}
          logoError={actionData?.intent === "upload-logo" ? actionData.logoError : null}
          values={values}
          errors={errors}
        />
        <div className="space-y-6">
          <AccountInfoCard
            registrationNumber={listing.registrationNumber}
            registration={overview.registration}
            expiryDate={listing.expiryDate}
            status={overview.status}
            email={email}
          />
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
