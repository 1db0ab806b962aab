/**
 * /admin/providers: claimed listings with Verified/Unverified, Trial and Premium badges, plan,
 * period and expiry; filters by status and plan; Suspend and Reinstate (a suspended listing
 * loses its claimed data on the public site until reinstated); Add Provider (add-provider.tsx).
 */
import { ExternalLink, Filter, Plus } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { AdminPage, adminTitle } from "~/components/admin/admin-page";
import { formatDay } from "~/components/claims/claim-review";
import { ListingBadges } from "~/components/claims/listing-badges";
import { Alert } from "~/components/ui/alert";
import { Button, ButtonLink } from "~/components/ui/button";
import { Label, Select } from "~/components/ui/form";
import { Table, Td, Th } from "~/components/ui/table";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { CLAIM_TEXT, periodLabel, planLabel } from "~/modules/claims/constants";
import { LISTING_STATUSES, type ListingStatusFilter } from "~/modules/claims/listing-filters";
import { listClaimedListings, type ListingRow } from "~/modules/claims/list-listings.server";
import { setListingSuspended } from "~/modules/claims/suspend-listing.server";
import { getApp } from "~/platform/context";
import { redirectWithToast } from "~/platform/toast.server";
import { requireAdmin } from "../../auth/guards.server";
import type { Route } from "./+types/providers";

export const meta = () => adminTitle("Providers");

const STATUS_LABELS: Record<ListingStatusFilter, string> = { all: "All", verified: "Verified", unverified: "Unverified", suspended: "Suspended", trial: "On trial" };

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const app = getApp(context);
  const rawStatus = url.searchParams.get("status") ?? "all";
  const status: ListingStatusFilter = (LISTING_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as ListingStatusFilter) : "all";
  const rawPlan = url.searchParams.get("plan");
  const plan = rawPlan === "standard" || rawPlan === "premium" ? rawPlan : "all";
  try {
    return { status, plan, rows: await listClaimedListings(app.db, { status, plan }), toast: null };
  } catch (error) {
    app.log.error({ err: error }, "admin providers: load failed");
    return data(
      { status, plan, rows: null as ListingRow[] | null, toast: { title: "Error", description: CLAIM_TEXT.loadListingsFailed, variant: "destructive" } as ToastMessage | null },
      { status: 500 },
    );
  }
}

const suspendSchema = z.object({ intent: z.enum(["suspend", "reinstate"]), listingId: z.string().uuid() });

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const app = getApp(context);
  const parsed = suspendSchema.safeParse(Object.fromEntries(await request.formData()));
  const back = `/admin/providers${url.search}`;
  if (!parsed.success) return data({ toast: { title: "Error", description: "Unknown listing or action", variant: "destructive" } as ToastMessage }, { status: 400 });
  const suspend = parsed.data.intent === "suspend";
  const r = await setListingSuspended(app.db, { listingId: parsed.data.listingId, adminId: admin.id, suspended: suspend });
  if (r.status === "not-found") return data({ toast: { title: "Error", description: "Listing not found", variant: "destructive" } as ToastMessage }, { status: 404 });
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
  const { status, plan, rows, toast } = loaderData;
  useToastOnce(toast);
  useToastOnce(actionData?.toast);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <AdminPage
      title="Providers"
      description="Claimed listings, their plans and subscriptions."
      actions={
        <ButtonLink to="/admin/providers/new" size="sm">
          <Plus aria-hidden className="size-4" /> Add Provider
        </ButtonLink>
      }
    >
      <Form method="get" className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end">
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
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No providers found.</p>
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
                      {l.ownerEmail ? <span className="block text-xs text-slate-600">{l.ownerEmail}</span> : null}
                    </Td>
                    <Td>
                      <ListingBadges listing={l} />
                    </Td>
                    <Td className="whitespace-nowrap">
                      {planLabel(l.plan)}
                      <br />
                      <span className="text-xs text-slate-600">{periodLabel(l.period)}</span>
                    </Td>
                    <Td className="whitespace-nowrap">{l.endDate ? formatDay(l.endDate) : "No end date"}</Td>
                    <Td>
                      <div className="flex flex-wrap justify-end gap-2">
                        <ButtonLink
                          to={`/provider/${encodeURIComponent(l.registrationNumber)}`}
                          target="_blank"
                          rel="noreferrer"
                          size="sm"
                          variant="outline"
                          aria-label={`View details of ${name} (opens in a new tab)`}
                        >
                          View Details <ExternalLink aria-hidden className="size-4" />
                        </ButtonLink>
                        {l.verified ? (
                          <Form method="post">
                            <input type="hidden" name="listingId" value={l.id} />
                            {l.suspendedAt ? (
                              <Button type="submit" name="intent" value="reinstate" size="sm" disabled={busy} aria-label={`Reinstate ${name}`}>
                                Reinstate
                              </Button>
                            ) : (
                              <Button type="submit" name="intent" value="suspend" size="sm" variant="danger" disabled={busy} aria-label={`Suspend ${name}`}>
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
    </AdminPage>
  );
}
