/**
 * /admin/providers: claimed listings with Verified/Unverified, Trial and Premium badges, plan,
 * period and expiry; filters by status and plan; each provider's page (provider.tsx); Suspend and
 * Reinstate in a dialog with a required reason (?suspend=<id> / ?reinstate=<id>, decision 0805: a
 * suspended listing loses its claimed data on the public site until reinstated); Add Provider.
 * Carriers' open upgrade requests are listed first; Change plan (?edit=<listing id>, a dialog)
 * sets the plan, period, free trial and dates of any claimed listing, audited, and closes the
 * listing's open request; a request can also be closed without a change (decision 0706).
 */
import { Plus } from "lucide-react";
import { data, Link, useNavigate, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { DownloadCsvLink } from "~/components/admin/list-kit/download-csv";
import { ProviderFilters } from "~/components/admin/providers/provider-filters";
import { ProvidersList } from "~/components/admin/providers/providers-table";
import { SuspendDialog, type SuspendTarget } from "~/components/admin/providers/suspend-dialog";
import { UpgradeRequests } from "~/components/admin/providers/upgrade-requests";
import { PlanDialog, type PlanDialogErrors, type PlanDialogValues } from "~/components/plans/plan-dialog";
import { Button } from "~/components/ui/button";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { addMonths, CLAIM_TEXT, periodLabel, planLabel } from "~/modules/claims/constants";
import { LISTING_STATUSES, type ListingStatusFilter } from "~/modules/claims/listing-filters";
import { listClaimedListings, type ListingRow } from "~/modules/claims/list-listings.server";
import { closeUpgradeRequest, parsePlanForm, setListingPlan } from "~/modules/plans/set-listing-plan.server";
import { getApp } from "~/web/context";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import { suspensionIntent, type SuspensionActionData } from "./suspension.server";
import type { Route } from "./+types/providers";
import { ukToday } from "~/platform/dates";
import { adminMeta } from "~/web/meta";

export const meta = () => adminMeta("Providers");

/** The dialog's starting values: an open request's Premium and period from today, else the listing's own. */
function dialogValues(l: ListingRow, now: Date): PlanDialogValues {
  if (l.upgradeRequest) {
    return {
      plan: "premium",
      period: l.upgradeRequest.period,
      freeTrial: false,
      startDate: ukToday(now),
      endDate: ukToday(addMonths(now, l.upgradeRequest.period === "yearly" ? 12 : 1)),
    };
  }
  return {
    plan: l.plan,
    period: l.period,
    freeTrial: l.freeTrial,
    startDate: ukToday(l.startDate ?? now),
    endDate: l.endDate ? ukToday(l.endDate) : "",
  };
}

/** The page's address without the dialog (filters kept). */
function listHref(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  params.delete("edit");
  params.delete("suspend");
  params.delete("reinstate");
  const s = params.toString();
  return `/admin/providers${s ? `?${s}` : ""}`;
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const app = getApp(context);
  const rawStatus = url.searchParams.get("status") ?? "all";
  const status: ListingStatusFilter = (LISTING_STATUSES as readonly string[]).includes(rawStatus)
    ? (rawStatus as ListingStatusFilter)
    : "all";
  const rawPlan = url.searchParams.get("plan");
  const plan = rawPlan === "standard" || rawPlan === "premium" ? rawPlan : "all";
  const editId = url.searchParams.get("edit");
  const suspendId = url.searchParams.get("suspend");
  const reinstateId = url.searchParams.get("reinstate");
  const confirmId = suspendId ?? reinstateId;
  const back = listHref(url);
  try {
    const [rows, requests, edit, confirm] = await Promise.all([
      listClaimedListings(app.db, { status, plan }),
      listClaimedListings(app.db, { upgradeRequested: true }),
      editId ? listClaimedListings(app.db, { id: editId }) : Promise.resolve([]),
      confirmId ? listClaimedListings(app.db, { id: confirmId }) : Promise.resolve([]),
    ]);
    const editing = edit[0] ? { row: edit[0], values: dialogValues(edit[0], new Date()) } : null;
    const confirming: SuspendTarget | null = confirm[0]
      ? {
          id: confirm[0].id,
          name: confirm[0].companyName || confirm[0].businessName,
          registrationNumber: confirm[0].registrationNumber,
          action: suspendId ? "suspend" : "reinstate",
        }
      : null;
    const toast: ToastMessage | null =
      (editId && !editing) || (confirmId && !confirming)
        ? { title: "Error", description: "Listing not found", variant: "destructive" }
        : null;
    return { status, plan, rows, requests, editing, confirming, back, toast };
  } catch (error) {
    app.log.error({ err: error }, "admin providers: load failed");
    return data(
      {
        status,
        plan,
        rows: null as ListingRow[] | null,
        requests: [] as ListingRow[],
        editing: null as { row: ListingRow; values: PlanDialogValues } | null,
        confirming: null as SuspendTarget | null,
        back,
        toast: {
          title: "Error",
          description: CLAIM_TEXT.loadListingsFailed,
          variant: "destructive",
        } as ToastMessage | null,
      },
      { status: 500 },
    );
  }
}

type ActionResult = SuspensionActionData & { planErrors?: PlanDialogErrors; planValues?: PlanDialogValues };
const failure = (description: string, status: number) =>
  data<ActionResult>({ toast: { title: "Error", description, variant: "destructive" } }, { status });

/** What each intent's handler is given: the services, the admin, the form and where to go back to. */
interface IntentArgs {
  app: ReturnType<typeof getApp>;
  context: Route.ActionArgs["context"];
  admin: Awaited<ReturnType<typeof requireAdmin>>;
  form: FormData;
  back: string;
}

/** The form's values as sent, so a refused plan dialog shows what was typed. */
function sentPlanValues(form: FormData): PlanDialogValues {
  const str = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : "");
  return {
    plan: str("plan") === "premium" ? "premium" : "standard",
    period: str("period") === "yearly" ? "yearly" : "monthly",
    freeTrial: str("freeTrial") === "on",
    startDate: str("startDate"),
    endDate: str("endDate"),
  };
}

/** intent=set-plan: the plan dialog (sets the plan, closes the listing's open request). */
async function setPlan({ app, context, admin, form, back }: IntentArgs) {
  const parsed = parsePlanForm(form);
  if (!parsed.ok) {
    return data<ActionResult>(
      {
        planErrors: parsed.errors,
        planValues: sentPlanValues(form),
        toast: { title: "Error", description: "Please correct the plan's fields", variant: "destructive" },
      },
      { status: 400 },
    );
  }
  const r = await setListingPlan(app.db, app.config, { ...parsed.data, adminId: admin.id });
  if (r.status === "not-found") return failure("Listing not found", 404);
  return redirectWithToast(context, back, {
    title: "Plan updated",
    description: `${r.registrationNumber} is now on ${planLabel(parsed.data.plan)} (${periodLabel(parsed.data.period).toLowerCase()})${r.closedRequest ? "; the upgrade request is closed" : ""}.`,
    variant: "success",
  });
}

/** intent=close-request: closes an upgrade request without changing the plan. */
async function closeRequest({ app, context, admin, form, back }: IntentArgs) {
  const r = await closeUpgradeRequest(app.db, {
    requestId: String(form.get("requestId") ?? ""),
    adminId: admin.id,
  });
  if (r.status === "not-found") return failure("Upgrade request not found", 404);
  return redirectWithToast(context, back, {
    title: "Upgrade request closed",
    description:
      r.status === "unchanged"
        ? "It already was: nothing changed."
        : `${r.registrationNumber} keeps its plan.`,
    variant: "success",
  });
}

/** intent=suspend|reinstate (any other intent is refused there): the dialog with its reason. */
function suspendOrReinstate({ context, admin, form, back }: IntentArgs) {
  return suspensionIntent(context, admin.id, form, back);
}

const INTENTS = { "set-plan": setPlan, "close-request": closeRequest };

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const form = await request.formData();
  const intent = form.get("intent");
  const handler =
    typeof intent === "string" && Object.hasOwn(INTENTS, intent)
      ? INTENTS[intent as keyof typeof INTENTS]
      : suspendOrReinstate;
  return handler({ app: getApp(context), context, admin, form, back: listHref(url) });
}

export default function Providers({ loaderData, actionData }: Route.ComponentProps) {
  const { status, plan, rows, requests, editing, confirming, back, toast } = loaderData;
  // The intents answer different shapes; each field is read where its dialog is.
  const result = actionData as ActionResult | undefined;
  useToastOnce(toast);
  useToastOnce(result?.toast);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const busy = navigation.state === "submitting";
  const withParam = (name: string, id: string) =>
    `${back}${back.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(id)}`;
  const editHref = (id: string) => withParam("edit", id);
  const confirmHref = (id: string, action: "suspend" | "reinstate") => withParam(action, id);
  return (
    <AdminPage
      title="Providers"
      description="Claimed listings, their plans and subscriptions."
      actions={
        <>
          <DownloadCsvLink href="/admin/providers.csv" />
          <Button asChild size="sm">
            <Link to="/admin/providers/new">
              <Plus aria-hidden className="size-4" /> Add Provider
            </Link>
          </Button>
        </>
      }
    >
      <UpgradeRequests requests={requests} editHref={editHref} busy={busy} />
      <ProviderFilters status={status} plan={plan} />
      <div className="mt-5">
        <ProvidersList rows={rows} editHref={editHref} confirmHref={confirmHref} />
      </div>
      {editing ? (
        <PlanDialog
          listing={{
            id: editing.row.id,
            name: editing.row.companyName || editing.row.businessName,
            registrationNumber: editing.row.registrationNumber,
            request: editing.row.upgradeRequest,
          }}
          values={result?.planValues ?? editing.values}
          errors={result?.planErrors}
          closeHref={back}
          onClose={() => navigate(back, { preventScrollReset: true })}
        />
      ) : null}
      {confirming ? (
        <SuspendDialog
          key={`${confirming.action}-${confirming.id}`}
          target={confirming}
          error={result?.reasonError}
          reason={result?.reason}
          closeHref={back}
          onClose={() => navigate(back, { preventScrollReset: true })}
        />
      ) : null}
    </AdminPage>
  );
}
