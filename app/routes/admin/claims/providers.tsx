/**
 * /admin/providers: claimed listings with Verified/Unverified, Trial and Premium badges, plan,
 * period and expiry; filters by status and plan; Suspend and Reinstate (a suspended listing
 * loses its claimed data on the public site until reinstated); Add Provider (add-provider.tsx).
 * Carriers' open upgrade requests are listed first; Change plan (?edit=<listing id>, a dialog)
 * sets the plan, period, free trial and dates of any claimed listing, audited, and closes the
 * listing's open request; a request can also be closed without a change (decision 0706).
 */
import { Crown, ExternalLink, Filter, Plus } from "lucide-react";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import { z } from "zod";
import { AdminPage } from "~/components/admin/admin-page";
import { ListingBadges } from "~/components/claims/listing-badges";
import { PlanDialog, type PlanDialogErrors, type PlanDialogValues } from "~/components/plans/plan-dialog";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label, Select } from "~/components/ui/form";
import { Table, Td, Th } from "~/components/ui/table";
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
import { formatDate, ukToday } from "~/platform/dates";
import { adminMeta } from "~/web/meta";

export const meta = () => adminMeta("Providers");

const STATUS_LABELS: Record<ListingStatusFilter, string> = {
  all: "All",
  verified: "Verified",
  unverified: "Unverified",
  suspended: "Suspended",
  trial: "On trial",
};

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

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const app = getApp(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const back = listHref(url);
  if (intent === "set-plan") {
    const parsed = parsePlanForm(form);
    if (!parsed.ok) {
      const str = (name: string) => (typeof form.get(name) === "string" ? String(form.get(name)) : "");
      const planValues: PlanDialogValues = {
        plan: str("plan") === "premium" ? "premium" : "standard",
        period: str("period") === "yearly" ? "yearly" : "monthly",
        freeTrial: str("freeTrial") === "on",
        startDate: str("startDate"),
        endDate: str("endDate"),
      };
      return data<ActionResult>(
        {
          planErrors: parsed.errors,
          planValues,
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
  if (intent === "close-request") {
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
      {requests.length > 0 ? (
        <section
          id="upgrade-requests"
          aria-labelledby="upgrade-requests-title"
          className="mb-6 rounded-lg border border-purple-200 bg-purple-50/60 p-4"
        >
          <h2 id="upgrade-requests-title" className="flex items-center gap-2 font-semibold text-purple-950">
            <Crown aria-hidden className="size-4" /> Upgrade requests ({requests.length})
          </h2>
          <p className="mt-1 text-sm text-purple-900">
            Carriers asking for Premium. No payment has been taken: contact them, then change the plan (which
            closes the request).
          </p>
          <ul className="mt-3 space-y-2">
            {requests.map((l) => {
              const name = l.companyName || l.businessName;
              const r = l.upgradeRequest!;
              return (
                <li
                  key={r.id}
                  className="flex flex-col gap-3 rounded-md border border-purple-100 bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
                  data-testid="upgrade-request-row"
                >
                  <div className="min-w-0 text-sm">
                    <p className="font-medium text-slate-900">
                      {name} <span className="font-mono text-xs text-slate-600">{l.registrationNumber}</span>
                    </p>
                    <p className="text-slate-700">
                      Premium, {periodLabel(r.period).toLowerCase()}, asked on{" "}
                      {formatDate(new Date(r.createdAt))}
                      {l.ownerEmail ? (
                        <>
                          {" "}
                          by{" "}
                          <a href={`mailto:${l.ownerEmail}`} className="text-brand-700 underline">
                            {l.ownerEmail}
                          </a>
                        </>
                      ) : null}
                      . Now on {planLabel(l.plan)}
                      {l.freeTrial ? " (trial)" : ""}.
                    </p>
                    {r.message ? (
                      <p className="mt-1 break-words whitespace-pre-line text-slate-600">
                        &ldquo;{r.message}&rdquo;
                      </p>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <Button asChild size="sm">
                      <Link
                        to={editHref(l.id)}

                        preventScrollReset
                        aria-label={`Change plan of ${name}`}
                      >
                        Change plan
                      </Link>
                    </Button>
                    <Form method="post">
                      <input type="hidden" name="requestId" value={r.id} />
                      <Button
                        type="submit"
                        name="intent"
                        value="close-request"
                        size="sm"
                        variant="outline"
                        disabled={busy}
                        aria-label={`Close the upgrade request of ${name}`}
                      >
                        Close request
                      </Button>
                    </Form>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
      <Form
        method="get"
        className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end"
      >
        <div>
          <Label htmlFor="filter-status">Status</Label>
          <Select id="filter-status" name="status" defaultValue={status}>
            {LISTING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <Label htmlFor="filter-plan">Plan</Label>
          <Select id="filter-plan" name="plan" defaultValue={plan}>
            <option value="all">All plans</option>
            <option value="standard">Standard</option>
            <option value="premium">Premium</option>
          </Select>
        </div>
        <Button type="submit" variant="outline">
          <Filter aria-hidden className="size-4" /> Filters
        </Button>
      </Form>
      <div className="mt-5">
        {!rows ? (
          <Alert tone="error" title={CLAIM_TEXT.loadListingsFailed}>
            Please reload the page.
          </Alert>
        ) : rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            No providers found.
          </p>
        ) : (
          <Table caption="Claimed providers">
            <thead>
              <tr>
                <Th>Provider</Th>
                <Th>Status</Th>
                <Th>Plan</Th>
                <Th>Expires</Th>
                <Th className="text-right">Actions</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((l) => {
                const name = l.companyName || l.businessName;
                return (
                  <tr key={l.id}>
                    <Td>
                      <span className="font-medium">{name}</span>
                      <br />
                      <span className="font-mono text-xs text-slate-600">{l.registrationNumber}</span>
                      {l.ownerEmail ? (
                        <span className="block text-xs text-slate-600">{l.ownerEmail}</span>
                      ) : null}
                    </Td>
                    <Td>
                      <ListingBadges listing={l} />
                      {l.upgradeRequest ? (
                        <Badge tone="purple" className="mt-1">
                          Upgrade requested
                        </Badge>
                      ) : null}
                    </Td>
                    <Td className="whitespace-nowrap">
                      {planLabel(l.plan)}
                      <br />
                      <span className="text-xs text-slate-600">{periodLabel(l.period)}</span>
                    </Td>
                    <Td className="whitespace-nowrap">
                      {l.endDate ? formatDate(l.endDate, "short") : "No end date"}
                    </Td>
                    <Td>
                      <div className="flex flex-wrap justify-end gap-2">
                        <Button asChild variant="outline" size="sm">
                          <Link
                            to={`/provider/${encodeURIComponent(l.registrationNumber)}`}
                            target="_blank"
                            rel="noreferrer"

                            aria-label={`View details of ${name} (opens in a new tab)`}
                          >
                            View Details <ExternalLink aria-hidden className="size-4" />
                          </Link>
                        </Button>
                        <Button asChild variant="outline" size="sm">
                          <Link
                            to={editHref(l.id)}

                            preventScrollReset
                            aria-label={`Change plan of ${name}`}
                          >
                            Change plan
                          </Link>
                        </Button>
                        {l.verified ? (
                          <Form method="post">
                            <input type="hidden" name="listingId" value={l.id} />
                            {l.suspendedAt ? (
                              <Button
                                type="submit"
                                name="intent"
                                value="reinstate"
                                size="sm"
                                disabled={busy}
                                aria-label={`Reinstate ${name}`}
                              >
                                Reinstate
                              </Button>
                            ) : (
                              <Button
                                type="submit"
                                name="intent"
                                value="suspend"
                                size="sm"
                                variant="danger"
                                disabled={busy}
                                aria-label={`Suspend ${name}`}
                              >
                                Suspend
                              </Button>
                            )}
                          </Form>
                        ) : null}
                      </div>
                    </Td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
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
