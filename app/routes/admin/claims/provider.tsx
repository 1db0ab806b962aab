/**
 * /admin/providers/:id: one claimed listing (decision 0805): its data, status, plan and dates
 * (Change plan: the plans' dialog, ?edit=plan, audited, decision 0706), the carrier's upgrade
 * request (Approve, Decline), the owner (Change owner), the quote-request and waste-note counts
 * and the history; Suspend and Reinstate in a dialog with a required reason (?suspend, ?reinstate).
 */
import { ExternalLink } from "lucide-react";
import { data, Link, useNavigate, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { ActivityCard, ListingCard } from "~/components/admin/providers/provider-facts";
import { HistoryCard } from "~/components/admin/providers/provider-history";
import { OwnerCard } from "~/components/admin/providers/provider-owner";
import { PlanCard, UpgradeRequestCard } from "~/components/admin/providers/provider-plan";
import { StatusCard } from "~/components/admin/providers/provider-status";
import { SuspendDialog } from "~/components/admin/providers/suspend-dialog";
import { PlanDialog, type PlanDialogErrors, type PlanDialogValues } from "~/components/plans/plan-dialog";
import { Button } from "~/components/ui/button";
import { useToastOnce } from "~/components/ui/toast";
import { periodLabel, planLabel } from "~/modules/claims/constants";
import { closeUpgradeRequest, parsePlanForm, setListingPlan } from "~/modules/plans/set-listing-plan.server";
import { approveUpgradeRequest } from "~/modules/providers/approve-upgrade.server";
import { changeProviderOwner } from "~/modules/providers/change-owner.server";
import { getProviderDetail } from "~/modules/providers/get-provider-detail.server";
import { formatDate, ukToday } from "~/platform/dates";
import { getApp } from "~/web/context";
import { requireAdmin } from "~/web/guards.server";
import { adminMeta } from "~/web/meta";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/provider";
import { suspensionIntent, type SuspensionActionData } from "./suspension.server";

export const meta = ({ data }: Route.MetaArgs) =>
  adminMeta(
    data?.detail
      ? `Provider: ${data.detail.listing.companyName || data.detail.listing.businessName}`
      : "Provider",
  );

export async function loader({ request, context, url, params }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const detail = await getProviderDetail(getApp(context).db, params.id);
  if (!detail) throw data("Provider not found", { status: 404 });
  const l = detail.listing;
  const planValues: PlanDialogValues = {
    plan: l.plan,
    period: l.period,
    freeTrial: l.freeTrial,
    startDate: ukToday(l.startDate ?? new Date()),
    endDate: l.endDate ? ukToday(l.endDate) : "",
  };
  const q = url.searchParams;
  const dialog =
    q.get("edit") === "plan"
      ? "plan"
      : q.has("suspend")
        ? "suspend"
        : q.has("reinstate")
          ? "reinstate"
          : null;
  return { detail, planValues, dialog, self: `/admin/providers/${l.id}` };
}

type ActionResult = SuspensionActionData & {
  planErrors?: PlanDialogErrors;
  planValues?: PlanDialogValues;
  ownerError?: string;
  ownerEmail?: string;
};

interface IntentArgs {
  context: Route.ActionArgs["context"];
  adminId: string;
  listingId: string;
  form: FormData;
  self: string;
}

const failure = (description: string, status: number) =>
  data<ActionResult>({ toast: { title: "Error", description, variant: "destructive" } }, { status });

const str = (form: FormData, name: string) =>
  typeof form.get(name) === "string" ? String(form.get(name)) : "";

/** intent=set-plan: the plans' dialog (plan, period, trial and dates; audited). */
async function setPlan({ context, adminId, form, self }: IntentArgs) {
  const parsed = parsePlanForm(form);
  if (!parsed.ok) {
    const planValues: PlanDialogValues = {
      plan: str(form, "plan") === "premium" ? "premium" : "standard",
      period: str(form, "period") === "yearly" ? "yearly" : "monthly",
      freeTrial: str(form, "freeTrial") === "on",
      startDate: str(form, "startDate"),
      endDate: str(form, "endDate"),
    };
    return data<ActionResult>({ planErrors: parsed.errors, planValues }, { status: 400 });
  }
  const app = getApp(context);
  const r = await setListingPlan(app.db, app.config, { ...parsed.data, adminId });
  if (r.status === "not-found") return failure("Listing not found", 404);
  return redirectWithToast(context, self, {
    title: "Plan updated",
    description: `${r.registrationNumber} is now on ${planLabel(parsed.data.plan)} (${periodLabel(parsed.data.period).toLowerCase()})${r.closedRequest ? "; the upgrade request is closed" : ""}.`,
    variant: "success",
  });
}

/** intent=approve-upgrade: Premium for the period asked, from today. */
async function approveUpgrade({ context, adminId, listingId, form, self }: IntentArgs) {
  const app = getApp(context);
  const r = await approveUpgradeRequest(app.db, app.config, {
    listingId,
    requestId: str(form, "requestId"),
    adminId,
  });
  if (r.status === "not-found")
    return failure(
      "This upgrade request is no longer open: it was already approved or declined. Nothing changed.",
      409,
    );
  return redirectWithToast(context, self, {
    title: "Upgrade approved",
    description: `${r.registrationNumber} is on Premium until ${formatDate(r.endDate)}; the owner has been e-mailed.`,
    variant: "success",
  });
}

/** intent=decline-upgrade: the request (this listing's) closed without a change. */
async function declineUpgrade({ context, adminId, listingId, form, self }: IntentArgs) {
  const r = await closeUpgradeRequest(getApp(context).db, {
    requestId: str(form, "requestId"),
    listingId,
    adminId,
  });
  if (r.status === "not-found") return failure("Upgrade request not found", 404);
  return redirectWithToast(context, self, {
    title: "Upgrade request declined",
    description:
      r.status === "unchanged"
        ? "It was already closed: nothing changed."
        : `${r.registrationNumber} keeps its plan.`,
    variant: "success",
  });
}

/** intent=change-owner: the new address gets the listing; the old owner loses access at once. */
async function changeOwner({ context, adminId, listingId, form, self }: IntentArgs) {
  const app = getApp(context);
  const email = str(form, "email");
  const r = await changeProviderOwner(
    app.db,
    app.config,
    { listingId, email, adminId },
    { storage: app.storage, log: app.log },
  );
  if (r.status === "not-found") return failure("Listing not found", 404);
  if (r.status === "invalid")
    return data<ActionResult>({ ownerError: r.error, ownerEmail: email }, { status: 400 });
  const contact = r.contactEmail ? ` The listing's contact email is now ${r.contactEmail}.` : "";
  return redirectWithToast(context, self, {
    title: "Owner changed",
    description:
      (r.sent === "invitation"
        ? `${r.email} now owns ${r.registrationNumber} and has been e-mailed a link to set a password.`
        : `${r.email} now owns ${r.registrationNumber} and has been told to sign in.`) + contact,
    variant: "success",
  });
}

const INTENTS = {
  "set-plan": setPlan,
  "approve-upgrade": approveUpgrade,
  "decline-upgrade": declineUpgrade,
  "change-owner": changeOwner,
};

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const form = await request.formData();
  // Every intent acts on this page's listing, whatever the form says.
  form.set("listingId", params.id);
  const self = `/admin/providers/${encodeURIComponent(params.id)}`;
  const intent = form.get("intent");
  if (intent === "suspend" || intent === "reinstate") return suspensionIntent(context, admin.id, form, self);
  const handler =
    typeof intent === "string" && Object.hasOwn(INTENTS, intent)
      ? INTENTS[intent as keyof typeof INTENTS]
      : null;
  if (!handler) return failure("Unknown action", 400);
  return handler({ context, adminId: admin.id, listingId: params.id, form, self });
}

export default function Provider({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, planValues, dialog, self } = loaderData;
  const result = actionData as ActionResult | undefined;
  useToastOnce(result?.toast);
  const navigate = useNavigate();
  const busy = useNavigation().state === "submitting";
  const l = detail.listing;
  const name = l.companyName || l.businessName;
  const close = () => navigate(self, { preventScrollReset: true });
  return (
    <AdminPage
      title={name}
      description={
        <>
          <span className="font-mono">{l.registrationNumber}</span>, claimed on {formatDate(l.createdAt)}
        </>
      }
      actions={
        <>
          <Button asChild variant="outline" size="sm">
            <Link to="/admin/providers">All providers</Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link
              to={`/provider/${encodeURIComponent(l.registrationNumber)}`}
              target="_blank"
              rel="noreferrer"
            >
              Public profile <ExternalLink aria-hidden className="size-4" />
              <span className="sr-only">(opens in a new tab)</span>
            </Link>
          </Button>
        </>
      }
    >
      <div className="space-y-6">
        <StatusCard listing={l} suspendHref={`${self}?suspend`} reinstateHref={`${self}?reinstate`} />
        <UpgradeRequestCard listing={l} busy={busy} />
        <div className="grid gap-6 lg:grid-cols-2">
          <PlanCard listing={l} editHref={`${self}?edit=plan`} />
          <OwnerCard
            owner={detail.owner}
            contactEmail={l.email}
            error={result?.ownerError}
            email={result?.ownerEmail}
            busy={busy}
          />
          <ListingCard listing={l} />
          <div className="space-y-6">
            <ActivityCard activity={detail.activity} />
            <HistoryCard history={detail.history} />
          </div>
        </div>
      </div>
      {dialog === "plan" ? (
        <PlanDialog
          listing={{ id: l.id, name, registrationNumber: l.registrationNumber, request: l.upgradeRequest }}
          values={result?.planValues ?? planValues}
          errors={result?.planErrors}
          closeHref={self}
          onClose={close}
        />
      ) : null}
      {dialog === "suspend" || dialog === "reinstate" ? (
        <SuspendDialog
          key={dialog}
          target={{ id: l.id, name, registrationNumber: l.registrationNumber, action: dialog }}
          error={result?.reasonError}
          reason={result?.reason}
          closeHref={self}
          onClose={close}
        />
      ) : null}
    </AdminPage>
  );
}
