/**
 * /company/waste-notes/:id/void (decision 0711): POST voids the company's current note with a
 * reason (the dialog on the note's page posts here through a fetcher); GET is the same form as a
 * page, for browsers without JavaScript. Someone else's note, or no note, answers 404; a note
 * already corrected or voided answers 409 with a link to the latest version; a suspended listing,
 * or one awaiting approval, 403 with why (decision 0249), and its GET page says why instead of
 * showing the form (decision 0253).
 */
import { Ban } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import { CompanyNoteNotFound } from "~/components/waste-notes/lifecycle/company-note-not-found";
import { VoidNotePageForm, type VoidReply } from "~/components/waste-notes/lifecycle/void-note-form";
import { NoteRefusalNotice } from "~/components/company/note-refusal-notice";
import { Alert } from "~/components/ui/alert";
import { Card, CardContent } from "~/components/ui/card";
import { describeNote } from "~/modules/waste-notes/describe-note.server";
import { LIFECYCLE_TEXT } from "~/modules/waste-notes/lifecycle-rules";
import { getNoteActionRefusals } from "~/modules/waste-notes/note-eligibility.server";
import { getOwnedNoteView } from "~/modules/waste-notes/owned-note.server";
import { viewPath } from "~/modules/waste-notes/storage-keys";
import { voidWasteNote } from "~/modules/waste-notes/void-note.server";
import { readForm } from "~/web/request-input.server";
import { redirectWithToast } from "~/web/toast.server";
import { pageMeta } from "~/web/meta";
import type { Route } from "./+types/waste-note-void";
import { companyListing } from "./company-user.server";

export function meta() {
  return pageMeta({ title: "Void waste note", noindex: true });
}

export async function loader(args: Route.LoaderArgs) {
  const { app, listing } = await companyListing(args);
  const view = await getOwnedNoteView(app.db, args.params.id, listing?.registrationNumber);
  if (!view || !listing) return data({ note: null, refusal: null }, { status: 404 });
  const note = describeNote(view);
  const latest = note.versionInfo.versions.at(-1)?.id ?? note.id;
  // The page offers the form only when the action would take it now, as the note's page does (decision 0253).
  const refusal = note.versionInfo.current
    ? (await getNoteActionRefusals(app.db, listing.registrationNumber)).void
    : null;
  return {
    refusal,
    note: {
      id: note.id,
      version: note.versionInfo.version,
      collection: note.collection,
      transferor: note.transferor.name,
      current: note.versionInfo.current,
      voided: note.voided,
      latestId: latest,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const { user, app, listing } = await companyListing(args);
  const id = args.params.id;
  if (!listing) return data<VoidReply>({ formError: "Waste note not found" }, { status: 404 });
  const read = await readForm(args.request);
  if (!read.ok) return data<VoidReply>({ formError: read.message }, { status: read.status });
  const reason = read.form.get("reason");
  const result = await voidWasteNote(app.db, {
    noteId: id,
    userId: user.id,
    registrationNumber: listing.registrationNumber,
    reason,
  });
  if (result.ok) {
    return redirectWithToast(args.context, viewPath(result.id), {
      title: "Waste note voided",
      description: "The note is kept and shows “Void” with your reason.",
      variant: "success",
    });
  }
  switch (result.status) {
    case "not_found":
      return data<VoidReply>({ formError: "Waste note not found" }, { status: 404 });
    case "not_allowed":
      return data<VoidReply>({ formError: result.error }, { status: 403 });
    case "invalid":
      return data<VoidReply>(
        { reasonError: result.error, reason: typeof reason === "string" ? reason : "" },
        { status: 400 },
      );
    case "not_current":
      return data<VoidReply>({ formError: result.error, latestId: result.latestId }, { status: 409 });
  }
}

export default function VoidWasteNote({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { note, refusal } = loaderData;
  if (!note) return <CompanyNoteNotFound />;
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <Ban aria-hidden className="size-6 text-red-700" /> Void waste note
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        Version {note.version} of the note{" "}
        <Link to={viewPath(note.id)} className="font-mono font-semibold text-brand-700 underline">
          {note.id.slice(0, 8)}
        </Link>{" "}
        for {note.transferor}, collected {note.collection}.
      </p>
      <Card className="mt-6">
        <CardContent className="space-y-4 py-5">
          {refusal ? (
            <NoteRefusalNotice refusal={refusal} navigation={false} />
          ) : note.current ? (
            <VoidNotePageForm noteId={note.id} reply={actionData} busy={busy} />
          ) : (
            <Alert tone="warning">
              {note.voided ? LIFECYCLE_TEXT.alreadyVoid : LIFECYCLE_TEXT.supersededCannotVoid}{" "}
              <Link to={viewPath(note.latestId)} className="font-semibold underline">
                Open the current version
              </Link>
            </Alert>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
