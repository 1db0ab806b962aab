/**
 * /admin/claim-requests: search, tabs Pending (with count) / Approved / Rejected, the table, and
 * the review (detail, approve, reject). `?claim={id}&action=approve|reject` (the dashboard's
 * Review Claim dialog links here) opens that claim and its action; the page then clears the query.
 */
import { Search } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Form, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { AdminPage } from "~/components/admin/admin-page";
import { ClaimReview, type ClaimView, type ReviewMode } from "~/components/claims/claim-review";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Input, Label } from "~/components/ui/form";
import { Table, Td, Th } from "~/components/ui/table";
import { LinkTabs } from "~/components/ui/tabs";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { useHydrated } from "~/components/waste-notes/use-hydrated";
import { approveClaim } from "~/modules/claims/approve-claim.server";
import {
  addMonths,
  CLAIM_TEXT,
  FREE_TRIAL_MONTHS,
  PERIODS,
  PLANS,
  planLabel,
} from "~/modules/claims/constants";
import {
  countClaims,
  getClaim,
  listClaims,
  type ClaimDetail,
  type ClaimRow,
} from "~/modules/claims/list-claims.server";
import { rejectClaim } from "~/modules/claims/reject-claim.server";
import { saveClaimNotes } from "~/modules/claims/save-claim-notes.server";
import { getApp } from "~/web/context";
import type { ClaimStatus } from "~/platform/db/schema";
import { redirectWithToast } from "~/web/toast.server";
import { requireAdmin } from "~/web/guards.server";
import type { Route } from "./+types/claim-requests";
import { formatDate } from "~/platform/dates";
import { adminMeta } from "~/web/meta";

export const meta = () => adminMeta("Claim Requests");

const STATUSES: ClaimStatus[] = ["pending", "approved", "rejected"];

function toView(c: ClaimDetail): ClaimView {
  return {
    ...c,
    createdAt: c.createdAt.toISOString(),
    reviewedAt: c.reviewedAt ? c.reviewedAt.toISOString() : null,
    updatedAt: c.updatedAt.toISOString(),
    history: c.history.map((h) => ({
      action: h.action,
      actorEmail: h.actorEmail,
      createdAt: h.createdAt.toISOString(),
    })),
  };
}

function isoDay(d: Date) {
  return d.toISOString().slice(0, 10);
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  await requireAdmin(request, context, url);
  const app = getApp(context);
  const rawStatus = url.searchParams.get("status");
  const status: ClaimStatus = STATUSES.includes(rawStatus as ClaimStatus)
    ? (rawStatus as ClaimStatus)
    : "pending";
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const claimId = url.searchParams.get("claim");
  const rawAction = url.searchParams.get("action");
  const mode: ReviewMode = rawAction === "approve" || rawAction === "reject" ? rawAction : "view";
  const now = new Date();
  const dates = { today: isoDay(now), trialEnd: isoDay(addMonths(now, FREE_TRIAL_MONTHS)) };
  let toast: ToastMessage | null = null;
  let rows: ClaimRow[] | null = null;
  let counts: Record<ClaimStatus, number> | null = null;
  try {
    [rows, counts] = await Promise.all([listClaims(app.db, { status, search: q }), countClaims(app.db)]);
  } catch (error) {
    app.log.error({ err: error }, "claim requests: load failed");
    toast = { title: "Error", description: CLAIM_TEXT.loadClaimsFailed, variant: "destructive" };
  }
  let selected: ClaimView | null = null;
  if (claimId) {
    try {
      const claim = await getClaim(app.db, claimId);
      if (claim) selected = toView(claim);
      else toast = { title: "Error", description: CLAIM_TEXT.loadClaimFailed, variant: "destructive" };
    } catch (error) {
      app.log.error({ err: error }, "claim requests: claim load failed");
      toast = { title: "Error", description: CLAIM_TEXT.loadClaimFailed, variant: "destructive" };
    }
  }
  return data({ status, q, rows, counts, selected, mode, dates, toast }, { status: rows ? 200 : 500 });
}

const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31")
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), "Not a date");

const approveSchema = z.object({
  claimId: z.string().uuid(),
  plan: z.enum(PLANS),
  period: z.enum(PERIODS),
  freeTrial: z.literal("on").optional(),
  startDate: dateField,
  endDate: dateField,
  adminNotes: z.string().max(2000).optional(),
});
const rejectSchema = z.object({ claimId: z.string().uuid(), adminNotes: z.string().max(2000).optional() });

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const app = getApp(context);
  const form = Object.fromEntries(await request.formData());
  const intent = form.intent;
  const listStatus = url.searchParams.get("status") ?? "pending";
  const listQuery = url.searchParams.get("q");
  const back = `/admin/claim-requests?status=${encodeURIComponent(listStatus)}${listQuery ? `&q=${encodeURIComponent(listQuery)}` : ""}`;
  const fail = (description: string, status = 400) =>
    data(
      { error: description, toast: { title: "Error", description, variant: "destructive" } as ToastMessage },
      { status },
    );

  if (intent === "approve") {
    const parsed = approveSchema.safeParse(form);
    if (!parsed.success)
      return fail(`${CLAIM_TEXT.approveFailed}: ${parsed.error.issues[0]?.message ?? "invalid input"}`);
    const v = parsed.data;
    const now = new Date();
    const start = v.startDate === isoDay(now) ? now : new Date(`${v.startDate}T00:00:00Z`);
    const end = new Date(`${v.endDate}T23:59:59Z`);
    try {
      const r = await approveClaim(
        app.db,
        app.config,
        {
          claimId: v.claimId,
          adminId: admin.id,
          plan: v.plan,
          period: v.period,
          freeTrial: v.freeTrial === "on",
          startDate: start,
          endDate: end,
          adminNotes: v.adminNotes,
          now,
        },
        app.log,
      );
      switch (r.status) {
        case "approved":
          return redirectWithToast(
            context,
            `/admin/claim-requests?status=approved`,
            r.accountLinked
              ? {
                  title: CLAIM_TEXT.approved,
                  description: `${r.businessName} is now a verified listing.${r.warnings.length ? ` ${r.warnings.join(" ")}` : ""}`,
                  variant: "success",
                }
              : {
                  title: "Partial Success",
                  description: `Directory data was updated but user account creation may have failed. ${r.warnings.join(" ")}`,
                  variant: "destructive",
                },
          );
        case "already-approved":
          return redirectWithToast(context, `/admin/claim-requests?status=approved`, {
            title: "Claim already approved",
            description: "Nothing was changed and no email was sent again.",
          });
        case "invalid-dates":
          return fail(`${CLAIM_TEXT.approveFailed}: the end date must be after the start date.`);
        case "rejected":
          return fail(`${CLAIM_TEXT.approveFailed}: this claim was rejected.`, 409);
        case "claimed-by-other":
          return fail(`${CLAIM_TEXT.approveFailed}: ${CLAIM_TEXT.alreadyClaimed}.`, 409);
        case "not-found":
          return fail(`${CLAIM_TEXT.approveFailed}: ${CLAIM_TEXT.loadClaimFailed}.`, 404);
      }
    } catch (error) {
      app.log.error({ err: error }, "claim approval failed");
      return fail(`${CLAIM_TEXT.approveFailed}. ${CLAIM_TEXT.warnDirectoryError}.`, 500);
    }
  }
  if (intent === "reject") {
    const parsed = rejectSchema.safeParse(form);
    if (!parsed.success) return fail(CLAIM_TEXT.rejectFailed);
    try {
      const r = await rejectClaim(app.db, app.config, {
        claimId: parsed.data.claimId,
        adminId: admin.id,
        adminNotes: parsed.data.adminNotes,
      });
      switch (r.status) {
        case "rejected":
          return redirectWithToast(context, `/admin/claim-requests?status=rejected`, {
            title: CLAIM_TEXT.rejected,
            description: `${r.email} has been emailed the decision.`,
            variant: "success",
          });
        case "already-rejected":
          return redirectWithToast(context, `/admin/claim-requests?status=rejected`, {
            title: "Claim already rejected",
            description: "Nothing was changed and no email was sent again.",
          });
        case "approved":
          return fail(`${CLAIM_TEXT.rejectFailed}: this claim is already approved.`, 409);
        case "not-found":
          return fail(`${CLAIM_TEXT.rejectFailed}: ${CLAIM_TEXT.loadClaimFailed}.`, 404);
      }
    } catch (error) {
      app.log.error({ err: error }, "claim rejection failed");
      return fail(CLAIM_TEXT.rejectFailed, 500);
    }
  }
  if (intent === "notes") {
    const parsed = rejectSchema.safeParse(form);
    if (!parsed.success) return fail("Failed to save notes");
    const saved = await saveClaimNotes(app.db, {
      claimId: parsed.data.claimId,
      adminId: admin.id,
      notes: parsed.data.adminNotes ?? null,
    });
    if (!saved) return fail(CLAIM_TEXT.loadClaimFailed, 404);
    return redirectWithToast(context, `${back}&claim=${parsed.data.claimId}`, {
      title: "Notes saved",
      variant: "success",
    });
  }
  return fail("Unknown action");
}

export default function ClaimRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { status, q, rows, counts, selected, mode, dates, toast } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  useToastOnce(toast);
  useToastOnce(actionData?.toast);
  const [review, setReview] = useState<{ claim: ClaimView; mode: ReviewMode } | null>(
    selected ? { claim: selected, mode } : null,
  );
  useEffect(() => {
    // The review follows the loader: a claim's link (?claim=…) opens it, also on this page.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (selected) setReview({ claim: selected, mode });
  }, [selected, mode]);
  // A decision that went through (the action redirected, no error came back) closes the review.
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST")
      submitted.current = true;
    else if (navigation.state === "idle" && submitted.current) {
      submitted.current = false;
      // Closed once the navigation that carried the decision settles, not while it runs.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      if (!actionData?.error) setReview(null);
    }
  }, [navigation.state, navigation.formMethod, actionData]);
  // Opened from a link (?claim=…&action=…): keep the review open, take the query off the address.
  // That is a navigation of its own, and one started while a decision is being sent interrupts it
  // (the approval is lost, or its success toast): issue 14, item 15. So it is never started once a
  // form has been sent from this page: a submit is seen as it happens (a capturing listener, which
  // runs before the router starts the request and before React re-renders with the new
  // navigation state, which it may do a while later), and the navigation state is checked again
  // when the timer fires. A decision's redirect takes the query off anyway; after a refused
  // decision the query stays (clearing it would clear the error) until the review is closed.
  const clearQuery = useCallback(() => {
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete("claim");
        next.delete("action");
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setSearchParams]);
  const hasQuery = searchParams.has("claim") || searchParams.has("action");
  const idle = navigation.state === "idle";
  const formSent = useRef(false);
  const navigationState = useRef(navigation.state);
  // Read by the timer below when it fires: the state as of the latest render (issue 14, item 15).
  // eslint-disable-next-line react-hooks/refs
  navigationState.current = navigation.state;
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      if (event.target instanceof HTMLFormElement && event.target.method.toLowerCase() === "post")
        formSent.current = true;
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, []);
  // A new address (the decision's redirect, another claim's link) starts afresh.
  useEffect(() => {
    formSent.current = false;
  }, [location.key]);
  useEffect(() => {
    if (!hasQuery || !idle || actionData || formSent.current) return;
    const timer = setTimeout(() => {
      if (!formSent.current && navigationState.current === "idle") clearQuery();
    }, 500);
    return () => clearTimeout(timer);
  }, [hasQuery, idle, actionData, clearQuery, location.key]);

  const listHref = (s: ClaimStatus) =>
    `/admin/claim-requests?status=${s}${q ? `&q=${encodeURIComponent(q)}` : ""}`;
  const here = listHref(status);
  const hrefFor = (id: string) => (m: ReviewMode) =>
    `${here}&claim=${id}${m === "view" ? "" : `&action=${m}`}`;
  const busy = navigation.state === "submitting";
  const title = review
    ? review.mode === "approve"
      ? "Approve Claim"
      : review.mode === "reject"
        ? "Reject Claim"
        : "Claim Request"
    : "";
  const body = review ? (
    <ClaimReview
      claim={review.claim}
      mode={review.mode}
      hrefFor={hrefFor(review.claim.id)}
      onMode={hydrated ? (m) => setReview({ claim: review.claim, mode: m }) : undefined}
      today={dates.today}
      trialEnd={dates.trialEnd}
      busy={busy}
      error={actionData?.error}
    />
  ) : null;

  return (
    <AdminPage
      title="Claim Requests"
      description="Businesses asking to manage their listing. Approve or reject pending claims."
    >
      <Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end" role="search">
        <input type="hidden" name="status" value={status} />
        <div className="flex-1">
          <Label htmlFor="claim-search">Search claims</Label>
          <Input
            id="claim-search"
            name="q"
            type="search"
            defaultValue={q}
            placeholder="Registration number, business, contact name or email"
            maxLength={100}
          />
        </div>
        <Button type="submit" variant="outline">
          <Search aria-hidden className="size-4" /> Search
        </Button>
      </Form>
      <LinkTabs
        label="Claim status"
        className="mt-5"
        items={[
          {
            label: (
              <>
                Pending{" "}
                {counts ? (
                  <Badge tone="amber" className="ml-1">
                    {counts.pending}
                  </Badge>
                ) : null}
              </>
            ),
            to: listHref("pending"),
            selected: status === "pending",
          },
          { label: "Approved", to: listHref("approved"), selected: status === "approved" },
          { label: "Rejected", to: listHref("rejected"), selected: status === "rejected" },
        ]}
      />
      {review && !hydrated ? (
        // Without JavaScript the review is a panel above the table (a portal dialog needs a script).
        <section
          aria-labelledby="review-title"
          className="mt-5 rounded-lg border-2 border-brand-600 bg-white p-4"
        >
          <div className="flex items-start justify-between gap-3">
            <h2 id="review-title" className="text-lg font-semibold">
              {title}
            </h2>
            <Link to={here} className="text-sm font-medium text-brand-700 underline">
              Close
            </Link>
          </div>
          <div className="mt-3">{body}</div>
        </section>
      ) : null}
      <div className="mt-5">
        {!rows ? (
          <Alert tone="error" title={CLAIM_TEXT.loadClaimsFailed}>
            Please reload the page.
          </Alert>
        ) : rows.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
            No {status} claim requests found{q ? ` for "${q}"` : ""}.
          </p>
        ) : (
          <Table caption={`${status} claim requests`}>
            <thead>
              <tr>
                <Th>Registration number</Th>
                <Th>Business name</Th>
                <Th>Contact</Th>
                <Th>Plan</Th>
                <Th>Submitted</Th>
                <Th className="text-right">Actions</Th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <Td className="font-mono text-xs">{c.registrationNumber}</Td>
                  <Td className="font-medium">{c.businessName}</Td>
                  <Td>
                    {c.contactName}
                    <br />
                    <span className="text-xs text-slate-600">{c.contactEmail}</span>
                  </Td>
                  <Td>
                    {c.plan === "premium" ? (
                      <Badge tone="purple">{planLabel(c.plan)}</Badge>
                    ) : (
                      <Badge>{planLabel(c.plan)}</Badge>
                    )}
                  </Td>
                  <Td className="whitespace-nowrap">{formatDate(c.createdAt, "short")}</Td>
                  <Td>
                    <div className="flex justify-end gap-2">
                      <Button asChild variant="outline" size="sm">
                        <Link
                          to={hrefFor(c.id)("view")}

                          preventScrollReset
                          aria-label={`View claim for ${c.businessName}`}
                        >
                          View
                        </Link>
                      </Button>
                      {c.status === "pending" ? (
                        <>
                          <Button asChild variant="outline" size="sm">
                            <Link
                              to={hrefFor(c.id)("reject")}

                              preventScrollReset
                              aria-label={`Reject claim for ${c.businessName}`}
                            >
                              Reject
                            </Link>
                          </Button>
                          <Button asChild size="sm">
                            <Link
                              to={hrefFor(c.id)("approve")}

                              preventScrollReset
                              aria-label={`Approve claim for ${c.businessName}`}
                            >
                              Approve
                            </Link>
                          </Button>
                        </>
                      ) : null}
                    </div>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
      {hydrated ? (
        <Dialog
          open={Boolean(review)}
          onOpenChange={(open) => {
            if (open) return;
            setReview(null);
            // Closed before the query was taken off (say, after a refused decision): take it off now.
            if (hasQuery && idle) clearQuery();
          }}
          title={title}
          description={
            review ? `${review.claim.businessName} · ${review.claim.registrationNumber}` : undefined
          }
        >
          {body}
        </Dialog>
      ) : null}
    </AdminPage>
  );
}
