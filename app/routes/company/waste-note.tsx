/**
 * /company/waste-note: the waste note form, the carrier (transferee) fields prefilled from the
 * company's listing, the note owned by the company and counted against its plan. Only the owner
 * of an approved, not suspended listing whose registration is in force may write notes, within
 * the plan's allowance (issue 14): otherwise the page says why instead of showing the form, and
 * the server refuses a submit the same way (inside the note's transaction). Success goes to the
 * note's view page.
 */
import { FileText } from "lucide-react";
import { data, Link } from "react-router";
import { CompanyPageUnavailable } from "~/components/company/account-not-found";
import { NoteRefusalNotice } from "~/components/company/note-refusal-notice";
import { WasteNoteForm } from "~/components/waste-notes/waste-note-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { getCompanyListing } from "~/modules/company/company-listing.server";
import { loadContainerTypes } from "~/modules/waste-notes/container-types.server";
import { getNoteEligibility } from "~/modules/waste-notes/note-eligibility.server";
import { NOTE_RULE_TEXT, UPGRADE_PATH } from "~/modules/waste-notes/note-rules";
import { checkPlanLimit } from "~/modules/waste-notes/plan-limit.server";
import { submitWasteNote } from "~/modules/waste-notes/submit-note.server";
import { readForm } from "~/web/request-input.server";
import type { Route } from "./+types/waste-note";
import { companyListing, companyUser } from "./company-user.server";
import {
  failedNoteReply,
  submittedNoteReply,
  unreadFormReply,
  type NoteFormReply,
} from "../waste-notes/note-replies.server";
import { pageMeta } from "~/web/meta";

export function meta() {
  return pageMeta({ title: "Generate Waste Note", noindex: true });
}

export async function loader(args: Route.LoaderArgs) {
  const { user, app, listing } = await companyListing(args);
  if (!listing) return { email: user.email, company: null };
  const eligibility = await getNoteEligibility(app.db, listing.registrationNumber);
  const usage = eligibility.usage ?? checkPlanLimit("standard", 0);
  const refusal = eligibility.refusal;
  return {
    email: user.email,
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
    const result = await submitWasteNote({ db: app.db, storage: app.storage }, form, {
      owner: { userId: user.id, registrationNumber: listing.registrationNumber },
    });
    return submittedNoteReply(result, "/company/waste-note", true);
  } catch (error) {
    app.log.error({ err: error }, "company waste note creation failed");
    return failedNoteReply();
  }
}

export default function CompanyWasteNote({ loaderData, actionData }: Route.ComponentProps) {
  const { company, email } = loaderData;
  if (!company) {
    return <CompanyPageUnavailable title="Generate Waste Note" email={email} />;
  }
  // After a refused submit the action's count is the fresher (4xx answers do not reload the page's data).
  const usage = actionData?.usage ?? company.usage;
  // Refused on load (pending, suspended, expired, removed, at the limit) or on submit (a second
  // tab or a stale page took the last note of the month): the reason instead of the form.
  const refusal = actionData?.refusal ?? company.refusal;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
            <FileText aria-hidden className="size-6 text-brand-700" /> Generate Waste Note
          </h1>
          {refusal ? null : (
            <p className="mt-1 max-w-2xl text-sm text-slate-600">
              Your carrier details are filled in from your listing. Both parties must keep the note for at
              least 2 years.
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <p className="flex items-center gap-2" data-testid="plan-usage">
            <Badge tone={usage.plan === "premium" ? "purple" : "slate"}>
              {usage.plan === "premium" ? "Premium plan" : "Standard plan"}
            </Badge>
            <span className="font-medium text-slate-800">{usage.label}</span>
          </p>
          {usage.plan === "standard" && !refusal ? (
            <Button asChild variant="ghost" size="sm">
              <Link to={UPGRADE_PATH}>Upgrade to Premium</Link>
            </Button>
          ) : null}
        </div>
      </div>
      <div className="mt-6">
        {refusal ? (
          <NoteRefusalNotice refusal={refusal} />
        ) : (
          <WasteNoteForm
            containerTypes={company.containerTypes}
            prefill={company.prefill}
            lockCarrierLicense
            errors={actionData?.errors}
            values={actionData?.values}
            formError={actionData?.formError}
          />
        )}
      </div>
    </main>
  );
}
