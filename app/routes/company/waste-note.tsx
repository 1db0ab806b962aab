/**
 * /company/waste-note: the waste note form, the carrier (transferee) fields prefilled from the
 * company's listing, the note owned by the company and counted against its plan. Only the owner
 * of an approved, not suspended listing whose registration is in force may write notes, within
 * the plan's allowance (issue 14): otherwise the page says why instead of showing the form, and
 * the server refuses a submit the same way (inside the note's transaction). Success goes to the
 * note's view page.
 *
 * Issue 19 (decision 0711): `?from=<id>` (Repeat this collection) fills the form from one of the
 * company's notes with today's date; `?correct=<id>` (Correct) fills it as it was and posts the
 * hidden `correctionOf`, so the new note is the next version of that one (not counted against the
 * allowance). Someone else's note is a 404; a note already corrected or voided (a stale tab) says
 * so, with the current version to open, and nothing is saved. A correction is the same transfer
 * (decision 0272): one naming another customer or place, or moving the date too far, is refused
 * on the form with the fields to change; a note corrected 5 times says so instead of the form.
 */
import { FileText } from "lucide-react";
import { data, Link } from "react-router";
import { CompanyPageUnavailable } from "~/components/company/account-not-found";
import { NoteRefusalNotice } from "~/components/company/note-refusal-notice";
import { CompanyNoteNotFound } from "~/components/waste-notes/lifecycle/company-note-not-found";
import {
  FilledFormBanner,
  staleCorrectionRefusal,
} from "~/components/waste-notes/lifecycle/filled-form-banner";
import { WasteNoteForm } from "~/components/waste-notes/waste-note-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { getCompanyListing } from "~/modules/company/company-listing.server";
import { loadContainerTypes } from "~/modules/waste-notes/container-types.server";
import { getNoteEligibility } from "~/modules/waste-notes/note-eligibility.server";
import {
  explainRefusedCorrection,
  getFilledNoteForm,
  type FilledNoteForm,
} from "~/modules/waste-notes/note-form-values.server";
import { FIXABLE_REFUSALS } from "~/modules/waste-notes/correction-rules";
import { NOTE_RULE_TEXT, UPGRADE_PATH } from "~/modules/waste-notes/note-rules";
import { checkPlanLimit } from "~/modules/waste-notes/plan-limit.server";
import { submitWasteNote } from "~/modules/waste-notes/submit-note.server";
import { readForm } from "~/web/request-input.server";
import type { Route } from "./+types/waste-note";
import { companyListing, companyUser } from "./company-user.server";
import {
  correctableRefusalReply,
  failedNoteReply,
  submittedNoteReply,
  unreadFormReply,
  type NoteFormReply,
} from "../waste-notes/note-replies.server";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Generate Waste Note", noindex: true });
}

/** Which earlier note the form is filled from: ?correct=<id> or ?from=<id> (Correct wins). */
function filledFrom(url: URL): { noteId: string; mode: FilledNoteForm["mode"] } | null {
  const correct = url.searchParams.get("correct");
  if (correct) return { noteId: correct, mode: "correct" };
  const from = url.searchParams.get("from");
  return from ? { noteId: from, mode: "repeat" } : null;
}

export async function loader(args: Route.LoaderArgs) {
  const { user, app, listing } = await companyListing(args);
  if (!listing) return { email: user.email, company: null, missing: false };
  const asked = filledFrom(args.url);
  const filled = asked
    ? await getFilledNoteForm(app.db, { ...asked, registrationNumber: listing.registrationNumber })
    : null;
  if (asked && !filled) return data({ email: user.email, company: null, missing: true }, { status: 404 });
  const eligibility = await getNoteEligibility(app.db, listing.registrationNumber, {
    correction: filled?.mode === "correct",
  });
  const usage = eligibility.usage ?? checkPlanLimit("standard", 0);
  const refusal = filled?.blocked ? staleCorrectionRefusal(filled.blocked) : eligibility.refusal;
  return {
    email: user.email,
    missing: false,
    company: {
      usage,
      refusal,
      containerTypes: loadContainerTypes(),
      prefill: {
        carrierCompany: listing.businessName,
        carrierAddress: listing.address ?? "",
        carrierLicense: listing.registrationNumber,
        transfereeStatus: ["registered_carrier"],
      },
      filled: filled && { mode: filled.mode, source: filled.source, values: filled.values },
      correctionOf: filled?.correctionOf ?? null,
    },
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const { user, app } = await companyUser({ request, context, url });
  const read = await readForm(request);
  if (!read.ok) return unreadFormReply(read);
  const form = read.form;
  const listing = await getCompanyListing(app.db, user.id);
  if (!listing)
    return data<NoteFormReply>(
      { errors: {}, values: {}, formError: NOTE_RULE_TEXT.noListing },
      { status: 404 },
    );
  try {
    const owner = { userId: user.id, registrationNumber: listing.registrationNumber };
    const result = await submitWasteNote({ db: app.db, storage: app.storage }, form, { owner });
    const correctionOf = form.get("correctionOf");
    if (
      result.status === "refused" &&
      result.refusal.reason === "not_current" &&
      typeof correctionOf === "string"
    ) {
      // A stale tab: the note was corrected or voided meanwhile. Nothing was saved.
      const block = await explainRefusedCorrection(app.db, correctionOf.trim(), listing.registrationNumber);
      const refusal = staleCorrectionRefusal(block);
      return data<NoteFormReply>(
        { errors: {}, values: result.values, formError: refusal.message, refusal, usage: result.usage },
        { status: 409 },
      );
    }
    // A correction naming another customer, place or day, or the day's e-mails used up: the form
    // again with the fields to change (decision 0272).
    if (result.status === "refused" && FIXABLE_REFUSALS.has(result.refusal.reason))
      return correctableRefusalReply(result);
    return submittedNoteReply(result, "/company/waste-note", true);
  } catch (error) {
    app.log.error({ err: error }, "company waste note creation failed");
    return failedNoteReply();
  }
}

export default function CompanyWasteNote({ loaderData, actionData }: Route.ComponentProps) {
  const { company, email, missing } = loaderData;
  if (missing) return <CompanyNoteNotFound />;
  if (!company) {
    return <CompanyPageUnavailable title="Generate Waste Note" email={email} />;
  }
  // After a refused submit the action's count is the fresher (4xx answers do not reload the page's data).
  const usage = actionData?.usage ?? company.usage;
  // Refused on load (pending, suspended, expired, removed, at the limit, a note no longer current)
  // or on submit (a second tab or a stale page took the last note of the month, or corrected the
  // note first): the reason instead of the form.
  const refusal = actionData?.refusal ?? company.refusal;
  const filled = company.filled;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
            <FileText aria-hidden className="size-6 text-brand-700" />{" "}
            {filled?.mode === "correct" ? "Correct Waste Note" : "Generate Waste Note"}
          </h1>
          {refusal ? null : (
            <p className="mt-1 max-w-2xl text-sm text-slate-600">
              Your carrier details are filled in from your listing. Both parties must keep the note for at
              least 2 years.
            </p>
          )}
        </div>
        <PlanUsageLine usage={usage} refused={!!refusal} />
      </div>
      <div className="mt-6 space-y-6">
        {refusal ? (
          <NoteRefusalNotice refusal={refusal} />
        ) : (
          <>
            {filled ? <FilledFormBanner filled={filled} /> : null}
            <WasteNoteForm
              containerTypes={company.containerTypes}
              prefill={company.prefill}
              lockCarrierLicense
              errors={actionData?.errors}
              values={actionData?.values ?? filled?.values}
              formError={actionData?.formError}
              correctionOf={company.correctionOf ?? undefined}
              submitLabel={filled?.mode === "correct" ? "Save Corrected Note" : undefined}
            />
          </>
        )}
      </div>
    </main>
  );
}

function PlanUsageLine({ usage, refused }: { usage: { plan: string; label: string }; refused: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <p className="flex items-center gap-2" data-testid="plan-usage">
        <Badge tone={usage.plan === "premium" ? "purple" : "slate"}>
          {usage.plan === "premium" ? "Premium plan" : "Standard plan"}
        </Badge>
        <span className="font-medium text-slate-800">{usage.label}</span>
      </p>
      {usage.plan === "standard" && !refused ? (
        <Button asChild variant="ghost" size="sm">
          <Link to={UPGRADE_PATH}>Upgrade to Premium</Link>
        </Button>
      ) : null}
    </div>
  );
}
