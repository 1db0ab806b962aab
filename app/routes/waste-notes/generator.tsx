import { data, redirect } from "react-router";
import { WasteNoteForm } from "~/components/waste-notes/waste-note-form";
import { MESSAGES } from "~/modules/waste-notes/constants";
import { loadContainerTypes } from "~/modules/waste-notes/container-types.server";
import { MAX_FORM_BYTES, submitWasteNote } from "~/modules/waste-notes/submit-note.server";
import { readFormData } from "~/platform/form-body.server";
import { getApp } from "~/platform/context";
import { getStorage } from "~/platform/storage/storage.server";
import type { Route } from "./+types/generator";

export function meta(_: Route.MetaArgs) {
  return [
    { title: "Waste Transfer Note Generator | UK Waste Carrier Directory" },
    {
      name: "description",
      content: "Create a lawful waste transfer note as a PDF: EWC code, quantity, both parties, waste hierarchy declaration and signatures.",
    },
  ];
}

export function loader() {
  return { containerTypes: loadContainerTypes() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const form = await readFormData(request, MAX_FORM_BYTES);
  if (form === "too-large") {
    return data({ errors: { photos: ["Photos are too large: at most 3 photos of 10 MB each"] }, values: {}, formError: null }, { status: 413 });
  }
  try {
    const result = await submitWasteNote({ db: app.db, storage: getStorage(app.config) }, form, {
      rateLimitKey: app.clientIp,
    });
    switch (result.status) {
      case "created":
        return redirect(`/waste-note/${result.id}?submitted=1`);
      case "spam":
        return redirect("/wastenotegeneration");
      case "invalid":
        return data({ errors: result.errors, values: result.values, formError: null }, { status: 400 });
      case "plan_limit":
        return data({ errors: {}, values: result.values, formError: result.message }, { status: 403 });
      case "rate_limited":
        return data({ errors: {}, values: result.values, formError: result.message }, { status: 429 });
    }
  } catch (error) {
    app.log.error({ err: error }, "waste note creation failed");
    return data({ errors: {}, values: {}, formError: MESSAGES.createFailed }, { status: 500 });
  }
}

export default function WasteNoteGenerator({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main className="bg-slate-50 pb-16">
      <div className="border-b border-slate-200 bg-white">
        <div className="mx-auto max-w-4xl px-4 py-8">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Duty of Care</p>
          <h1 className="mt-1 text-3xl font-bold text-slate-900">Waste Transfer Note Generator</h1>
          <p className="mt-2 max-w-2xl text-slate-600">
            Record a transfer of waste as the law requires and get a PDF with a QR code that links to the online note. Both
            parties must keep the note for at least 2 years.
          </p>
        </div>
      </div>
      <div className="mx-auto max-w-4xl px-4 pt-6">
        <WasteNoteForm
          containerTypes={loaderData.containerTypes}
          errors={actionData?.errors}
          values={actionData?.values}
          formError={actionData?.formError}
          honeypot
        />
      </div>
    </main>
  );
}
