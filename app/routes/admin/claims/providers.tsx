/**
 * /admin/providers: claimed listings with Verified/Unverified, Trial and Premium badges, plan,
 * period and expiry; filters by status and plan; Suspend and Reinstate (a suspended listing
 * loses its claimed data on the public site until reinstated); Add Provider (add-provider.tsx).
 * Carriers' open upgrade requests are listed first; Change plan (?edit=<listing id>, a dialog)
 * sets the plan, period, free trial and dates of any claimed listing, audited, and closes the
 * listing's open request; a request can also be closed without a change (decision 0706).
 */
import { Plus } from "lucide-react";
import { data, Link, useNavigate, useNavigation } from "react-router";
import { z } from "zod";
import { AdminPage } from "~/components/admin/admin-page";
import { ProviderFilters } from "~/components/admin/providers/provider-filters";
import { ProvidersList } from "~/components/admin/providers/providers-table";
import { UpgradeRequests } from "~/components/admin/providers/upgrade-requests";
import { PlanDialog, type PlanDialogErrors, type PlanDialogValues } from "~/components/plans/plan-dialog";
import { Button } from "~/components/ui/button";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { addMonths, CLAIM_TEXT, periodLabel, planLabel } from "~/modules/claims/constants";
import { LISTING_STATUSES, type ListingStatusFilter } from "~/modules/claims/listing-filters";
import { listClaimedListings, type ListingRow } from "~/modules/claims/list-listings.server";
import { setListingSuspended } from "~/modules/claims/suspend-listing.server";
import { closeUpgradeRequest, parsePlanForm, setListingPlan } from "~/modules/plans/set-listing-plan.server";
import { getApp } from "~/web/context";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
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
  const back = listHref(url);
  try {
    const [rows, requests, edit] = await Promise.all([
      listClaimedListings(app.db, { status, plan }),
      listClaimedListings(app.db, { upgradeRequested: true }),
      editId ? listClaimedListings(app.db, { id: editId }) : Promise.resolve([]),
    ]);
    const editing = edit[0] ? { row: edit[0], values: dialogValues(edit[0], new Date()) } : null;
    const toast: ToastMessage | null =
      editId && !editing
        ? { title: "Error", description: "Listing not found", variant: "destructive" }
        : null;
    return { status, plan, rows, requests, editing, back, toast };
  } catch (error) {
    app.log.error({ err: error }, "admin providers: load failed");
    return data(
      {
        status,
        plan,
        rows: null as ListingRow[] | null,
        requests: [] as ListingRow[],
        editing: null as { row: ListingRow; values: PlanDialogValues } | null,
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

const suspendSchema = z.object({ intent: z.enum(["suspend", "reinstate"]), listingId: z.string().uuid() });

type ActionResult = { toast?: ToastMessage; planErrors?: PlanDialogErrors; planValues?: PlanDialogValues };
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

/** intent=suspend|reinstate (any other intent is refused here). */
async function suspendOrReinstate({ app, context, admin, form, back }: IntentArgs) {
  const parsed = suspendSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return failure("Unknown listing or action", 400);
  const suspend = parsed.data.intent === "suspend";
  const r = await setListingSuspended(app.db, {
    listingId: parsed.data.listingId,
    adminId: admin.id,
    suspended: suspend,
  });
  if (r.status === "not-found") return failure("Listing not found", 404);
  return redirectWithToast(context, back, {
    title: suspend ? "Listing suspended" : "Listing reinstated",
    description:
      r.status === "unchanged"
        ? "It already was: nothing changed."
        : suspend
          ? `${r.registrationNumber} now shows only the register's data on the public site.`
          : `${r.registrationNumber} shows its claimed details again.`,
    variant: "success",
  });
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
  const { status, plan, rows, requests, editing, back, toast } = loaderData;
  useToastOnce(toast);
  useToastOnce(actionData?.toast);
  const navigation = useNavigation();
  const navigate = useNavigate();
  const busy = navigation.state === "submitting";
  const editHref = (id: string) => `${back}${back.includes("?") ? "&" : "?"}edit=${encodeURIComponent(id)}`;
  return (
    <AdminPage
      title="Providers"
      description="Claimed listings, their plans and subscriptions."
      actions={
        <Button asChild size="sm">
          <Link to="/admin/providers/new">
            <Plus aria-hidden className="size-4" /> Add Provider
          </Link>
        </Button>
      }
    >
      <UpgradeRequests requests={requests} editHref={editHref} busy={busy} />
      <ProviderFilters status={status} plan={plan} />
      <div className="mt-5">
        <ProvidersList rows={rows} editHref={editHref} busy={busy} />
      </div>
      {editing ? (
        <PlanDialog
          listing={{
            id: editing.row.id,
            name: editing.row.companyName || editing.row.businessName,
            registrationNumber: editing.row.registrationNumber,
            request: editing.row.upgradeRequest,
          }}
          values={actionData?.planValues ?? editing.values}
          errors={actionData?.planErrors}
          closeHref={back}
          onClose={() => navigate(back, { preventScrollReset: true })}
        />
      ) : null}
    </AdminPage>
  );
}
