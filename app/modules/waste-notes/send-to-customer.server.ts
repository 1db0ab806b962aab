/**
 * Sending a note to the customer (issue 19, item 5; decision 0712). `queueCustomerSend` marks the
 * note's e-mail as queued, asks for the customer's signature when the transferor did not sign on
 * the carrier's phone, and queues the 'waste-note.customer-email' job (customer-email.server.ts),
 * which waits for the PDF, then queues the e-mail with the PDF attached. The note says "sent" only
 * once the SMTP server accepted it, "bounced" when it was refused for good.
 *
 * `sendNoteToCustomer` is the owner's "Send to customer" on the note's page: the same job, to the
 * address on the note or a corrected one, at most 5 times per note per hour, never for a void or
 * superseded note, nor by a listing that is suspended or awaiting approval (an expired
 * registration may still send the notes it wrote while in force; decision 0249), nor to the
 * business's own address (its owner account's or its listing's, decision 0274): the customer signs
 * through the link, so the carrier must not receive it. The answer says what the e-mail will carry:
 * the PDF when it is made, a link to the note's page when the PDF failed (customer-email.server.ts).
 */
import { z } from "zod";
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import { isEmailAddress, normaliseEmail } from "~/platform/email-address";
import { defineJob } from "~/platform/jobs/job-definition.server";
import { enqueueJob } from "~/platform/jobs/queue.server";
import { hit, refund } from "~/platform/rate-limit.server";
import { transferorHasSigned } from "./customer-status";
import { getListingRefusal } from "./note-eligibility.server";
import { isBusinessOwnAddress, OWN_ADDRESS_MESSAGE } from "./own-address.server";
import { CUSTOMER_EMAILS_USED_UP, takeCustomerEmail } from "./customer-email-limit.server";
import { getPdfState } from "./pdf-state.server";
import { UUID_RE } from "./storage-keys";

/** Prepares and queues the customer's e-mail once the note's PDF exists (customer-email.server.ts). */
export const CUSTOMER_EMAIL_JOB = defineJob({
  type: "waste-note.customer-email",
  payload: z.strictObject({ noteId: z.uuid(), email: z.string().min(3).max(254) }),
  // The PDF is usually ready within seconds; retries with back-off wait up to ~20 minutes for it.
  maxAttempts: 8,
});

/** A note's first send waits this long for its PDF job (queued in the same transaction) to run. */
const PDF_HEAD_START_MS = 2_000;

/** Sends on demand per note and hour (the send on creation does not count). */
export const SEND_LIMIT = { max: 5, windowMs: 60 * 60 * 1000 };

/**
 * Marks the note's e-mail as queued and queues the job that sends it, inside the caller's
 * transaction. A no-op for a note without a customer e-mail.
 */
export async function queueCustomerSend(trx: Database, noteId: string, now: Date): Promise<void> {
  const note = await trx
    .selectFrom("waste_notes")
    .select([
      "id",
      "customer_email",
      "pdf_url",
      "transferor_signature_key",
      "transferor_signature_name",
      "customer_signature_requested_at",
      "customer_signed_at",
    ])
    .where("id", "=", noteId)
    .executeTakeFirst();
  if (!note?.customer_email) return;
  const askSignature = !transferorHasSigned(note) && note.customer_signed_at === null;
  await trx
    .updateTable("waste_notes")
    .set({
      customer_email_status: "queued",
      customer_email_error: null,
      customer_email_sent_at: null,
      // An earlier message's late outcome must not overwrite this send's status.
      customer_email_outbox_id: null,
      customer_signature_requested_at: askSignature
        ? (note.customer_signature_requested_at ?? now)
        : note.customer_signature_requested_at,
    })
    .where("id", "=", noteId)
    .execute();
  await enqueueJob(
    trx,
    CUSTOMER_EMAIL_JOB,
    { noteId, email: note.customer_email },
    { runAt: note.pdf_url ? now : new Date(now.getTime() + PDF_HEAD_START_MS) },
  );
}

export type SendRefusal =
  | "not_found"
  | "void"
  | "superseded"
  | "no_email"
  | "invalid_email"
  | "own_email"
  | "rate_limited"
  | "daily_limit";
/**
 * What the e-mail will carry: "ready", the PDF attached; "pending", the PDF attached once it is made
 * (without it if it fails); "failed", no PDF, the note's link only.
 */
export type SendPdf = "ready" | "pending" | "failed";
export type SendResult =
  | { ok: true; email: string; pdf: SendPdf }
  | { ok: false; reason: SendRefusal }
  /** The listing is suspended or awaiting approval (decision 0249): `message` says so. */
  | { ok: false; reason: "not_allowed"; message: string };

export const SEND_MESSAGES: Record<SendRefusal, string> = {
  not_found: "Waste note not found.",
  void: "This note is void: it can't be sent.",
  superseded: "This note has been corrected: send the current version instead.",
  no_email: "Enter the customer's e-mail address.",
  invalid_email: "Enter a valid e-mail address, like name@example.com.",
  own_email: OWN_ADDRESS_MESSAGE,
  rate_limited: "This note has been sent 5 times in the last hour. Please try again later.",
  daily_limit: `${CUSTOMER_EMAILS_USED_UP} Please send this one tomorrow.`,
};

/** The toast after "Send to customer": what the e-mail carries, from the PDF's state (decision 0274). */
export function sentMessage(email: string, pdf: SendPdf): string {
  if (pdf === "ready") return `The note and its PDF are on their way to ${email}.`;
  if (pdf === "pending")
    return `The note is on its way to ${email}, with its PDF attached once it is made (a link to the note's page if the PDF can't be made).`;
  return `The note is on its way to ${email} with a link to its page, without the PDF: the PDF could not be made.`;
}

/** The owner's "Send to customer": to `email` when given (it becomes the note's), else the note's. */
export async function sendNoteToCustomer(
  db: Database,
  input: { noteId: string; registrationNumber: string; userId: string; email?: string | null; now?: Date },
): Promise<SendResult> {
  const now = input.now ?? new Date();
  if (!UUID_RE.test(input.noteId)) return { ok: false, reason: "not_found" };
  const typed = input.email ? normaliseEmail(input.email) : "";
  if (typed && !isEmailAddress(typed)) return { ok: false, reason: "invalid_email" };
  return db.transaction().execute(async (trx): Promise<SendResult> => {
    const refusal = await getListingRefusal(trx, input.registrationNumber, "send", { now, lock: true });
    if (refusal) return { ok: false, reason: "not_allowed", message: refusal.message };
    const note = await trx
      .selectFrom("waste_notes")
      .select(["id", "registration_number", "voided_at", "superseded_at", "customer_email"])
      .where("id", "=", input.noteId.toLowerCase())
      .forUpdate()
      .executeTakeFirst();
    if (!note || note.registration_number !== input.registrationNumber)
      return { ok: false, reason: "not_found" };
    if (note.voided_at) return { ok: false, reason: "void" };
    if (note.superseded_at) return { ok: false, reason: "superseded" };
    const email = typed || note.customer_email;
    if (!email) return { ok: false, reason: "no_email" };
    if (await isBusinessOwnAddress(trx, input.registrationNumber, email))
      return { ok: false, reason: "own_email" };
    const limit = await hit(trx, `waste-note-send:${note.id}`, SEND_LIMIT, now);
    if (!limit.allowed) return { ok: false, reason: "rate_limited" };
    // The listing's customer e-mails of the day, shared with notes written or corrected with an
    // address (decision 0272): a refused send rolls back the note's own count with it.
    if (!(await takeCustomerEmail(trx, input.registrationNumber, now))) {
      await refund(trx, `waste-note-send:${note.id}`);
      return { ok: false, reason: "daily_limit" };
    }
    await trx.updateTable("waste_notes").set({ customer_email: email }).where("id", "=", note.id).execute();
    await queueCustomerSend(trx, note.id, now);
    await recordAudit(trx, {
      actorUserId: input.userId,
      action: "waste_note.sent_to_customer",
      entity: "waste_note",
      entityId: note.id,
      details: {
        email,
        ...(note.customer_email && note.customer_email !== email ? { previous: note.customer_email } : {}),
      },
      at: now,
    });
    const pdf = await getPdfState(trx, note.id);
    return {
      ok: true,
      email,
      pdf: pdf.status === "ready" || pdf.status === "failed" ? pdf.status : "pending",
    };
  });
}
