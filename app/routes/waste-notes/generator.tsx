/**
 * /wastenotegeneration: the public waste note generator (anyone). The carrier's registration
 * number is checked against the register when the note is made, and notes are limited per client
 * (submit-note.server.ts). A signed-in company user writes through /company/waste-note instead,
 * so that every note they make is theirs and counts in their plan (issue 14): the page redirects
 * them there, and a submit from them (a stale page, a second tab) is refused.
 */
import { data, Link, redirect } from "react-router";
import { FileText } from "lucide-react";
import { WasteNoteForm } from "~/components/waste-notes/waste-note-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { getCompanyListing } from "~/modules/company/company-listing.server";
import { COMPANY_AREA_MESSAGE } from "~/modules/waste-notes/constants";
import { loadContainerTypes } from "~/modules/waste-notes/container-types.server";
import { submitWasteNote } from "~/modules/waste-notes/submit-note.server";
import { readForm } from "~/web/request-input.server";
import { getApp } from "~/web/context";
import { getUser } from "~/web/guards.server";
import type { Route } from "./+types/generator";
import {
  failedNoteReply,
  submittedNoteReply,
  unreadFormReply,
  type NoteFormReply,
} from "./note-replies.server";
import { canonicalUrl, pageMeta } from "~/web/meta";

/** A signed-in user who owns a listing (any state: the company form says what they may do). */
async function isCompanyUser(request: Request, context: Route.LoaderArgs["context"]): Promise<boolean> {
  const user = await getUser(request, context);
  return !!user && !!(await getCompanyListing(getApp(context).db, user.id));
}

export function meta({ loaderData }: Route.MetaArgs) {
  return pageMeta({
    title: "Waste Transfer Note Generator",
    description:
      "Create a lawful waste transfer note as a PDF: EWC code, quantity, both parties, waste hierarchy declaration and signatures.",
    canonical: loaderData?.canonical,
  });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await isCompanyUser(request, context)) throw redirect("/company/waste-note");
  return { containerTypes: loadContainerTypes(), canonical: canonicalUrl(context, "/wastenotegeneration") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const read = await readForm(request);
  if (!read.ok) return unreadFormReply(read);
  if (await isCompanyUser(request, context)) {
    return data<NoteFormReply>(
      { errors: {}, values: {}, formError: COMPANY_AREA_MESSAGE, companyArea: true },
      { status: 403 },
    );
  }
  const form = read.form;
  try {
    const result = await submitWasteNote({ db: app.db, storage: app.storage }, form, {
      rateLimitKey: app.clientIp,
    });
    // Only company notes are refused for the plan; kept for completeness.
    return submittedNoteReply(result, "/wastenotegeneration", false);
  } catch (error) {
    app.log.error({ err: error }, "waste note creation failed");
    return failedNoteReply();
  }
}

export default function WasteNoteGenerator({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="bg-slate-50 pb-16">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-4xl px-4 py-8">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Duty of Care</p>
          <h1 className="mt-1 text-3xl font-bold text-slate-900">Waste Transfer Note Generator</h1>
          <p className="mt-2 max-w-2xl text-slate-600">
            Record a transfer of waste as the law requires and get a PDF with a QR code that links to the
            online note. Both parties must keep the note for at least 2 years.
          </p>
        </div>
      </div>
      <div className="mx-auto max-w-4xl px-4 pt-6">
        {actionData?.companyArea ? (
          <Alert tone="warning" title="Use your company area" className="mb-6">
            <p>{actionData.formError}</p>
            <Button asChild className="mt-3">
              <Link to="/company/waste-note">
                <FileText aria-hidden className="size-4" /> Generate Waste Note in your company area
              </Link>
            </Button>
          </Alert>
        ) : null}
        <WasteNoteForm
          containerTypes={loaderData.containerTypes}
          errors={actionData?.errors}
          values={actionData?.values}
          formError={actionData?.companyArea ? null : actionData?.formError}
          honeypot
        />
      </div>
    </main>
  );
}
