/**
 * The 'waste-note.customer-email' job (decision 0712): once the note's PDF exists, queues the
 * customer's e-mail in the outbox with the note's link, the PDF attached (a reference to the stored
 * file) and, while the customer has not signed, a link to sign remotely. The outbox's sending job
 * tells `customerEmailOutcome` what became of it: the note then says "sent" (the SMTP server
 * accepted it) or "bounced" with the server's reason. A signing link never goes to the business's
 * own address (a note queued to it before decision 0274 is sent without one).
 */
import type { Database } from "~/platform/db/database.server";
import type { WasteNote } from "~/platform/db/schema";
import { formatDateTime } from "~/platform/dates";
import { queueEmail, type EmailMessage } from "~/platform/email/outbox.server";
import type { EmailOutcomeListener } from "~/platform/email/send.server";
import { renderEmail, type EmailBlock } from "~/platform/email/templates.server";
import type { JobHelpers } from "~/platform/jobs/job-definition.server";
import { awaitingCustomerSignature } from "./customer-status";
import { getWasteNote } from "./get-note.server";
import { isBusinessOwnAddress } from "./own-address.server";
import { getPdfState } from "./pdf-state.server";
import { issueSignatureLink, signPath } from "./remote-signature.server";
import { pdfKey, viewPath } from "./storage-keys";

export const CUSTOMER_EMAIL_TEMPLATE = "waste_note_customer";

/** The customer's e-mail: the note's link, the PDF attached, and the signing link when one is due. */
export function customerNoteEmail(input: {
  to: string;
  note: Pick<WasteNote, "id" | "carrier_company" | "collection_date_time" | "origin_address">;
  viewUrl: string;
  signUrl: string | null;
  withPdf: boolean;
}): EmailMessage {
  const { note, signUrl } = input;
  const carrier = note.carrier_company;
  const blocks: EmailBlock[] = [
    {
      details: [
        ["Carrier", carrier],
        ["Collected", formatDateTime(note.collection_date_time)],
        ["From", note.origin_address],
        ["Note", note.id.slice(0, 8)],
      ],
    },
    input.withPdf
      ? { p: "The note is attached as a PDF. Keep it for at least 2 years." }
      : { p: "Keep the note for at least 2 years: you can download it as a PDF from its page." },
  ];
  if (signUrl)
    blocks.push({ link: { before: "You can also", label: "view the note online", url: input.viewUrl } });
  return {
    ...renderEmail({
      to: input.to,
      template: CUSTOMER_EMAIL_TEMPLATE,
      subject: signUrl
        ? `Please sign your waste transfer note from ${carrier}`
        : `Your waste transfer note from ${carrier}`,
      heading: signUrl ? "Please sign your waste transfer note" : "Your waste transfer note",
      paragraphs: [
        signUrl
          ? `${carrier} collected your waste and asks you to sign the waste transfer note as the person handing it over (the transferor).`
          : `${carrier} has sent you the waste transfer note for your waste collection.`,
      ],
      blocks,
      action: signUrl
        ? { label: "Review and sign the note", url: signUrl }
        : { label: "View the note", url: input.viewUrl },
      footnote: signUrl
        ? "The signing link works once and expires in 14 days. If you did not arrange this collection, you can ignore this email."
        : "If you did not arrange this collection, you can ignore this email.",
    }),
    attachments: input.withPdf
      ? [
          {
            filename: `waste-transfer-note-${note.id.slice(0, 8)}.pdf`,
            contentType: "application/pdf",
            storageKey: pdfKey(note.id),
          },
        ]
      : [],
  };
}

/** The note when this job's e-mail is still to be queued (not replaced by a newer send, not void). */
async function noteToSend(db: Database, payload: { noteId: string; email: string }) {
  const note = await getWasteNote(db, payload.noteId);
  if (!note || note.customer_email !== payload.email) return null;
  if (note.customer_email_status !== "queued" || note.customer_email_outbox_id) return null;
  return note;
}

/**
 * Waits for the PDF (a retry with back-off while its job runs), then queues the e-mail. After the
 * last wait, or when the PDF failed for good, the e-mail goes without it (the link still works).
 */
export async function runCustomerEmail(
  deps: { publicUrl: string },
  payload: { noteId: string; email: string },
  { db, job }: Pick<JobHelpers, "db" | "job">,
): Promise<void> {
  const first = await noteToSend(db, payload);
  if (!first) return;
  if (first.voided_at || first.superseded_at) {
    await db
      .updateTable("waste_notes")
      .set({ customer_email_status: null })
      .where("id", "=", first.id)
      .execute();
    return;
  }
  let withPdf = !!first.pdf_url;
  if (!withPdf) {
    const state = await getPdfState(db, first.id);
    if (state.status === "pending" && job.attempts < job.max_attempts)
      throw new Error("The note's PDF is not ready yet: trying again shortly");
    withPdf = state.status === "ready";
  }
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom("waste_notes").select("id").where("id", "=", first.id).forUpdate().execute();
    const note = await noteToSend(trx, payload);
    if (!note) return;
    const ownAddress =
      note.registration_number !== null &&
      (await isBusinessOwnAddress(trx, note.registration_number, payload.email));
    const link =
      awaitingCustomerSignature(note) && !ownAddress
        ? await issueSignatureLink(trx, note.id, payload.email, now)
        : null;
    const outboxId = await queueEmail(
      trx,
      customerNoteEmail({
        to: payload.email,
        note,
        viewUrl: `${deps.publicUrl}${viewPath(note.id)}`,
        signUrl: link ? `${deps.publicUrl}${signPath(note.id, link.token)}` : null,
        withPdf,
      }),
    );
    await trx
      .updateTable("waste_notes")
      .set({ customer_email_outbox_id: outboxId })
      .where("id", "=", note.id)
      .execute();
  });
}

/** Records on the note what became of its latest e-mail (the outbox's listener, server/jobs.ts). */
export const customerEmailOutcome: EmailOutcomeListener = async (db, outcome) => {
  if (outcome.template !== CUSTOMER_EMAIL_TEMPLATE) return;
  await db
    .updateTable("waste_notes")
    .set(
      outcome.status === "sent"
        ? { customer_email_status: "sent", customer_email_sent_at: outcome.at, customer_email_error: null }
        : { customer_email_status: "bounced", customer_email_error: outcome.reason },
    )
    .where("customer_email_outbox_id", "=", outcome.outboxId)
    .execute();
};
