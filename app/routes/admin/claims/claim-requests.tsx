/**
 * /admin/claim-requests: search, tabs Pending (with count) / Approved / Rejected, the table, and
 * the review (detail, approve, reject). `?claim={id}&action=approve|reject` (the dashboard's
 * Review Claim dialog links here) opens that claim and its action; the page then clears the query.
 */
import { data, useNavigation } from "react-router";
import * as z from "zod/mini";
import { AdminPage } from "~/components/admin/admin-page";
import { DownloadCsvLink } from "~/components/admin/list-kit/download-csv";
import { ClaimSearch, ClaimStatusTabs } from "~/components/admin/claim-requests/claim-filters";
import { ClaimsList } from "~/components/admin/claim-requests/claims-table";
import { ReviewDialog, ReviewPanel, reviewTitle } from "~/components/admin/claim-requests/review-frame";
import { useClaimReview } from "~/components/admin/claim-requests/use-claim-review";
import { ClaimReview, type ClaimView, type ReviewMode } from "~/components/claims/claim-review";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";
import { useHydrated } from "~/components/waste-notes/use-hydrated";
import { approveClaim } from "~/modules/claims/approve-claim.server";
import { addMonths, CLAIM_TEXT, FREE_TRIAL_MONTHS, PERIODS, PLANS } from "~/modules/claims/constants";
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

const dateField = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2026-01-31"),
  z.refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), "Not a date"),
);
const adminNotes = z.optional(z.string().check(z.maxLength(2000)));

const approveSchema = z.object({
  claimId: z.uuid(),
  plan: z.enum(PLANS),
  period: z.enum(PERIODS),
  freeTrial: z.optional(z.literal("on")),
  startDate: dateField,
  endDate: dateField,
  adminNotes,
  // The version of the owner's draft the page showed ("" for none; decision 0268).
  draftVersion: z.optional(z.string().check(z.maxLength(128))),
});
const rejectSchema = z.object({ claimId: z.uuid(), adminNotes });

/** What each intent's handler is given: the services, the admin, the form and the list to go back to. */
interface IntentArgs {
  app: ReturnType<typeof getApp>;
  context: Route.ActionArgs["context"];
  admin: Awaited<ReturnType<typeof requireAdmin>>;
  form: Record<string, FormDataEntryValue>;
  back: string;
}

/** A refused decision: the review stays open with the error, and a toast says it. */
const fail = (description: string, status = 400) =>
  data(
    { error: description, toast: { title: "Error", description, variant: "destructive" } as ToastMessage },
    { status },
  );

/** intent=approve: the plan, its dates and notes; the listing is verified and the owner e-mailed. */
async function approve({ app, context, admin, form }: IntentArgs) {
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
        draftSeen: v.draftVersion ?? "",
      },
      app.log,
      { storage: app.storage, log: app.log },
    );
    if (r.status === "draft-changed") return draftChanged(app, v.claimId);
    return approvalAnswer(context, r);
  } catch (error) {
    app.log.error({ err: error }, "claim approval failed");
    return fail(`${CLAIM_TEXT.approveFailed}. ${CLAIM_TEXT.warnDirectoryError}.`, 500);
  }
}

/**
 * The owner's draft changed after the admin's page was loaded (decision 0268): nothing changed.
 * The answer carries the claim as it is now, so the review shows the new draft (and its version)
 * before the admin approves again.
 */
async function draftChanged(app: IntentArgs["app"], claimId: string) {
  const description = `${CLAIM_TEXT.approveFailed}: ${CLAIM_TEXT.draftChanged}`;
  const claim = await getClaim(app.db, claimId);
  return data(
    {
      error: description,
      toast: { title: "Error", description, variant: "destructive" } as ToastMessage,
      claim: claim ? toView(claim) : undefined,
    },
    { status: 409 },
  );
}

/** The answer to each outcome of an approval. */
function approvalAnswer(
  context: IntentArgs["context"],
  r: Exclude<Awaited<ReturnType<typeof approveClaim>>, { status: "draft-changed" }>,
) {
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
    case "other-listing":
      // An account manages one listing (decision 0254): nothing was changed, no e-mail was sent.
      return fail(`${CLAIM_TEXT.approveFailed}: ${CLAIM_TEXT.accountHasListing(r.other)}`, 409);
    case "not-in-force":
      // Expired or gone from the register since the claim was made (decision 0263): nothing changed.
      return fail(
        `${CLAIM_TEXT.approveFailed}: ${CLAIM_TEXT.notInForce(r.registrationNumber, r.registration)}`,
        409,
      );
    case "not-found":
      return fail(`${CLAIM_TEXT.approveFailed}: ${CLAIM_TEXT.loadClaimFailed}.`, 404);
  }
}

/** intent=reject: the claim is rejected and the claimant e-mailed the decision. */
async function reject({ app, context, admin, form }: IntentArgs) {
  const parsed = rejectSchema.safeParse(form);
  if (!parsed.success) return fail(CLAIM_TEXT.rejectFailed);
  try {
    const r = await rejectClaim(
      app.db,
      app.config,
      { claimId: parsed.data.claimId, adminId: admin.id, adminNotes: parsed.data.adminNotes },
      { storage: app.storage, log: app.log },
    );
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

/** intent=notes: saves the admin's notes, the review stays open. */
async function saveNotes({ app, context, admin, form, back }: IntentArgs) {
  const parsed = rejectSchema.safeParse(form);
  if (!parsed.success) return fail("Failed to save notes");
  const saved = await saveClaimNotes(app.db, {
    claimId: parsed.data.claimId,
    adminId: admin.id,
    notes: parsed.data.adminNotes ?? null,
  });
  if (saved.status === "not-found") return fail(CLAIM_TEXT.loadClaimFailed, 404);
  if (saved.status === "decided")
    // A decided claim's notes are its decision's record (decision 0263): nothing was changed.
    return fail(
      `Notes not saved: this claim is already ${saved.claimStatus}, and its notes are kept as they were when it was decided.`,
      409,
    );
  return redirectWithToast(context, `${back}&claim=${parsed.data.claimId}`, {
    title: "Notes saved",
    variant: "success",
  });
}

const INTENTS = { approve, reject, notes: saveNotes };

export async function action({ request, context, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context, url);
  const form = Object.fromEntries(await request.formData());
  const intent = form.intent;
  const listStatus = url.searchParams.get("status") ?? "pending";
  const listQuery = url.searchParams.get("q");
  const back = `/admin/claim-requests?status=${encodeURIComponent(listStatus)}${listQuery ? `&q=${encodeURIComponent(listQuery)}` : ""}`;
  if (typeof intent !== "string" || !Object.hasOwn(INTENTS, intent)) return fail("Unknown action");
  return INTENTS[intent as keyof typeof INTENTS]({ app: getApp(context), context, admin, form, back });
}

export default function ClaimRequests({ loaderData, actionData }: Route.ComponentProps) {
  const { status, q, rows, counts, selected, mode, dates, toast } = loaderData;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  useToastOnce(toast);
  useToastOnce(actionData?.toast);
  const { review, setReview, close } = useClaimReview({ selected, mode, actionData });
  const listHref = (s: ClaimStatus) =>
    `/admin/claim-requests?status=${s}${q ? `&q=${encodeURIComponent(q)}` : ""}`;
  const here = listHref(status);
  const hrefFor = (id: string) => (m: ReviewMode) =>
    `${here}&claim=${id}${m === "view" ? "" : `&action=${m}`}`;
  const title = review ? reviewTitle(review.mode) : "";
  const body = review ? (
    <ClaimReview
      claim={review.claim}
      mode={review.mode}
      hrefFor={hrefFor(review.claim.id)}
      onMode={hydrated ? (m) => setReview({ claim: review.claim, mode: m }) : undefined}
      today={dates.today}
      trialEnd={dates.trialEnd}
      busy={navigation.state === "submitting"}
      error={actionData?.error}
    />
  ) : null;

  return (
    <AdminPage
      title="Claim Requests"
      description="Businesses asking to manage their listing. Approve or reject pending claims."
      actions={<DownloadCsvLink href="/admin/claim-requests.csv" />}
    >
      <ClaimSearch status={status} q={q} />
      <ClaimStatusTabs status={status} pending={counts ? counts.pending : null} listHref={listHref} />
      {review && !hydrated ? (
        <ReviewPanel title={title} closeHref={here}>
          {body}
        </ReviewPanel>
      ) : null}
      <div className="mt-5">
        <ClaimsList rows={rows} status={status} q={q} hrefFor={hrefFor} />
      </div>
      {hydrated ? (
        <ReviewDialog review={review} title={title} onClose={close}>
          {body}
        </ReviewDialog>
      ) : null}
    </AdminPage>
  );
}
