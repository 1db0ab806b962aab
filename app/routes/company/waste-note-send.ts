/**
 * POST /company/waste-notes/:id/send: the owner's "Send to customer" on the note's page (decision
 * 0712), to the note's customer e-mail or a corrected one. Answers with the note's page and a toast
 * (a refusal, a suspended listing's included, says why: decision 0249; the toast says whether the
 * PDF goes with it, decision 0274); someone else's note is a 404. A GET goes back to the note.
 */
import { data, redirect } from "react-router";
import {
  SEND_MESSAGES,
  sendNoteToCustomer,
  sentMessage,
} from "~/modules/waste-notes/send-to-customer.server";
import { viewPath } from "~/modules/waste-notes/storage-keys";
import { readForm } from "~/web/request-input.server";
import { redirectWithToast } from "~/web/toast.server";
import { companyListing } from "./company-user.server";
import type { Route } from "./+types/waste-note-send";

export function loader({ params }: Route.LoaderArgs) {
  return redirect(viewPath(params.id));
}

export async function action({ request, context, params, url }: Route.ActionArgs) {
  const { user, app, listing } = await companyListing({ request, context, url });
  if (!listing) throw data("Waste note not found", { status: 404 });
  const read = await readForm(request);
  if (!read.ok) throw data(read.message, { status: read.status });
  const email = read.form.get("email");
  const result = await sendNoteToCustomer(app.db, {
    noteId: params.id,
    registrationNumber: listing.registrationNumber,
    userId: user.id,
    email: typeof email === "string" ? email : null,
  });
  if (!result.ok && result.reason === "not_found") throw data("Waste note not found", { status: 404 });
  const back = viewPath(params.id.toLowerCase());
  if (!result.ok)
    return redirectWithToast(context, back, {
      title: "The note was not sent",
      description: result.reason === "not_allowed" ? result.message : SEND_MESSAGES[result.reason],
      variant: "destructive",
    });
  return redirectWithToast(context, back, {
    title: "Sending the note to the customer",
    description: sentMessage(result.email, result.pdf),
    variant: "success",
  });
}
