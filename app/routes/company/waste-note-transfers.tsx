/**
 * /company/waste-notes/:id/transfers (decision 0711): POST adds a transfer to the schedule of the
 * company's season ticket (the form on the note's page posts here through a fetcher, then follows
 * the redirect back to the note); GET shows the form as a page, where a browser without
 * JavaScript lands after a refused post. Someone else's note, or no note, answers 404; a listing
 * that may not write notes now (suspended, registration expired...) 403 with why (decision 0249),
 * and its GET page says why instead of showing the form (decision 0253).
 */
import { CalendarPlus } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import { CompanyNoteNotFound } from "~/components/waste-notes/lifecycle/company-note-not-found";
import {
  SeasonTransferPageForm,
  type TransferField,
  type TransferReply,
} from "~/components/waste-notes/lifecycle/season-transfer-form";
import { NoteRefusalNotice } from "~/components/company/note-refusal-notice";
import { Alert } from "~/components/ui/alert";
import { Card, CardContent } from "~/components/ui/card";
import { describeNote } from "~/modules/waste-notes/describe-note.server";
import { LIFECYCLE_TEXT, noteState } from "~/modules/waste-notes/lifecycle-rules";
import { getNoteActionRefusals } from "~/modules/waste-notes/note-eligibility.server";
import { getOwnedNoteView, seasonTicketDays } from "~/modules/waste-notes/owned-note.server";
import { addSeasonTransfer } from "~/modules/waste-notes/season-ticket.server";
import { viewPath } from "~/modules/waste-notes/storage-keys";
import { readForm } from "~/web/request-input.server";
import { redirectWithToast } from "~/web/toast.server";
import { pageMeta } from "~/web/meta";
import type { Route } from "./+types/waste-note-transfers";
import { companyListing } from "./company-user.server";

export function meta() {
  return pageMeta({ title: "Add a transfer to a season ticket", noindex: true });
}

export async function loader(args: Route.LoaderArgs) {
  const { app, listing } = await companyListing(args);
  const view = await getOwnedNoteView(app.db, args.params.id, listing?.registrationNumber);
  if (!view || !listing) return data({ note: null, refusal: null }, { status: 404 });
  const note = describeNote(view);
  const days = seasonTicketDays(view.note);
  const closed = !days
    ? LIFECYCLE_TEXT.notSeasonTicket
    : noteState(view.note) !== "current"
      ? LIFECYCLE_TEXT.transferClosed
      : null;
  // The form only when the action would take a transfer now, as on the note's page (decision 0253).
  const refusal = closed ? null : (await getNoteActionRefusals(app.db, listing.registrationNumber)).transfer;
  return {
    refusal,
    note: { id: note.id, transferor: note.transferor.name, seasonTicket: note.seasonTicket, days, closed },
  };
}

const FIELDS: TransferField[] = ["at", "quantity", "unit", "place"];

export async function action(args: Route.ActionArgs) {
  const { user, app, listing } = await companyListing(args);
  if (!listing) return data<TransferReply>({ formError: "Waste note not found" }, { status: 404 });
  const read = await readForm(args.request);
  if (!read.ok) return data<TransferReply>({ formError: read.message }, { status: read.status });
  const values: TransferReply["values"] = {};
  for (const name of FIELDS) {
    const v = read.form.get(name);
    if (typeof v === "string") values[name] = v;
  }
  const result = await addSeasonTransfer(app.db, {
    noteId: args.params.id,
    userId: user.id,
    registrationNumber: listing.registrationNumber,
    fields: values,
  });
  if (result.ok) {
    return redirectWithToast(args.context, viewPath(args.params.id), {
      title: "Transfer added",
      description: "The season ticket's schedule shows it.",
      variant: "success",
    });
  }
  switch (result.status) {
    case "not_found":
      return data<TransferReply>({ formError: "Waste note not found" }, { status: 404 });
    case "not_allowed":
      return data<TransferReply>({ formError: result.error, values }, { status: 403 });
    case "refused":
      return data<TransferReply>({ formError: result.error, values }, { status: 409 });
    case "invalid":
      return data<TransferReply>({ errors: result.errors, values }, { status: 400 });
  }
}

export default function SeasonTransfers({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { note, refusal } = loaderData;
  if (!note) return <CompanyNoteNotFound />;
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="flex items-center gap-2 text-2xl font-bold text-slate-900">
        <CalendarPlus aria-hidden className="size-6 text-brand-700" /> Add a transfer
      </h1>
      <p className="mt-1 text-sm text-slate-700">
        Season ticket{" "}
        <Link to={viewPath(note.id)} className="font-mono font-semibold text-brand-700 underline">
          {note.id.slice(0, 8)}
        </Link>{" "}
        for {note.transferor}
        {note.seasonTicket ? `, from ${note.seasonTicket.from} until ${note.seasonTicket.until}` : ""}.
      </p>
      <Card className="mt-6">
        <CardContent className="space-y-4 py-5">
          {note.closed || !note.days ? (
            <Alert tone="warning">{note.closed}</Alert>
          ) : refusal ? (
            <NoteRefusalNotice refusal={refusal} navigation={false} />
          ) : (
            <SeasonTransferPageForm reply={actionData} busy={busy} limits={note.days} />
          )}
        </CardContent>
      </Card>
    </main>
  );
}
