/**
 * /company/waste-note: the waste note form, the carrier (transferee) fields prefilled from the
 * company's listing, the note owned by the company and counted against its plan (the limit is
 * enforced on the server, inside the note's transaction). Success goes to the note's view page.
 */
import { Crown, FileText } from "lucide-react";
import { data, redirect } from "react-router";
import { AccountNotFound } from "~/components/company/account-not-found";
import { WasteNoteForm } from "~/components/waste-notes/waste-note-form";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { getCompanyListing } from "~/modules/company/company-listing.server";
import { MESSAGES } from "~/modules/waste-notes/constants";
import { loadContainerTypes } from "~/modules/waste-notes/container-types.server";
import { getPlanUsage } from "~/modules/waste-notes/get-plan-usage.server";
import { PLAN_LIMIT_MESSAGE } from "~/modules/waste-notes/plan-limit.server";
import { MAX_FORM_BYTES, submitWasteNote } from "~/modules/waste-notes/submit-note.server";
import { readFormData } from "~/platform/form-body.server";
import { getApp } from "~/platform/context";
import { getStorage } from "~/platform/storage/storage.server";
import { requireUser } from "../auth/guards.server";
import type { Route } from "./+types/waste-note";

export function meta() {
  return [{ title: "Generate Waste Note | UK Waste Carrier Directory" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const user = await requireUser(request, context, url);
  const { db } = getApp(context);
  const listing = await getCompanyListing(db, user.id);
  if (!listing) return { email: user.email, company: null };
  const usage = await getPlanUsage(db, listing.registrationNumber);
  return {
    email: user.email,
    company: {
      usage,
      limitMessage: usage.allowed ? null : PLAN_LIMIT_MESSAGE,
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
  const user = await requireUser(request, context, url);
  const app = getApp(context);
  const form = await readFormData(request, MAX_FORM_BYTES);
  if (form === "too-large") {
    return data({ errors: { photos: ["Photos are too large: at most 3 photos of 10 MB each"] }, values: {}, formError: null }, { status: 413 });
  }
  const listing = await getCompanyListing(app.db, user.id);
  if (!listing) return data({ errors: {}, values: {}, formError: "There is no business listing linked to your account." }, { status: 404 });
  try {
    const result = await submitWasteNote({ db: app.db, storage: getStorage(app.config) }, form, {
      owner: { userId: user.id, registrationNumber: listing.registrationNumber },
    });
    switch (result.status) {
      case "created":
        return redirect(`/waste-note/${result.id}?submitted=1`);
      case "spam":
        return redirect("/company/waste-note");
      case "invalid":
        return data({ errors: result.errors, values: result.values, formError: null }, { status: 400 });
      case "plan_limit":
        return data({ errors: {}, values: result.values, formError: result.message }, { status: 403 });
      case "rate_limited":
        return data({ errors: {}, values: result.values, formError: result.message }, { status: 429 });
    }
  } catch (error) {
    app.log.error({ err: error }, "company waste note creation failed");
    return data({ errors: {}, values: {}, formError: MESSAGES.createFailed }, { status: 500 });
  }
}

export default function CompanyWasteNote({ loaderData, actionData }: Route.ComponentProps) {
  const { company, email } = loaderData;
  if (!company) {
    return (
      <main className="mx-auto max-w-4xl px-4 py-8">
        <h1 className="text-2xl font-bold text-slate-900">Generate Waste Note</h1>
        <AccountNotFound email={email} />
      </main>
    );
  }
  const { usage, limitMessage } = company;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
            <FileText aria-hidden className="size-6 text-brand-700" /> Generate Waste Note
          </h1>
          <p className="mt-1 max-w-2xl text-sm text-slate-600">
            Your carrier details are filled in from your listing. Both parties must keep the note for at least 2 years.
          </p>
        </div>
        <p className="flex items-center gap-2 text-sm" data-testid="plan-usage">
          <Badge tone={usage.plan === "premium" ? "purple" : "slate"}>{usage.plan === "premium" ? "Premium plan" : "Standard plan"}</Badge>
          <span className="font-medium text-slate-800">{usage.label}</span>
        </p>
      </div>
      {limitMessage && !actionData?.formError ? (
        <Alert tone="warning" title="Monthly limit reached" className="mt-4">
          <span className="inline-flex gap-1.5">
            <Crown aria-hidden className="mt-0.5 size-4 shrink-0" />
            {limitMessage}
          </span>
        </Alert>
      ) : null}
      <div className="mt-6">
        <WasteNoteForm
          containerTypes={company.containerTypes}
          prefill={company.prefill}
          lockCarrierLicense
          errors={actionData?.errors}
          values={actionData?.values}
          formError={actionData?.formError}
        />
      </div>
    </main>
  );
}
