/**
 * The customer's side of a note (decision 0712): where its e-mail went and what came of it, and
 * whether the customer (the transferor) still has to sign. Plain, so pages can share the rules.
 */
import { formatDateTime } from "~/platform/dates";
import type { WasteNote } from "~/platform/db/schema";

type SignatureColumns = Pick<WasteNote, "transferor_signature_key" | "transferor_signature_name">;

/** The transferor signed on the carrier's phone: a drawn signature, or a typed name. */
export function transferorHasSigned(note: SignatureColumns): boolean {
  return note.transferor_signature_key !== null || note.transferor_signature_name.trim() !== "";
}

/** "Awaiting customer signature": a signature was asked for, and none has been given since. */
export function awaitingCustomerSignature(
  note: SignatureColumns & Pick<WasteNote, "customer_signature_requested_at" | "customer_signed_at">,
): boolean {
  return (
    note.customer_signature_requested_at !== null &&
    note.customer_signed_at === null &&
    !transferorHasSigned(note)
  );
}

/**
 * What the note's page and PDF say about the customer. The e-mail address, its status, the bounce
 * reason and the time it was sent are the owner's only (decision 0712): for anyone else (the note's
 * link and QR code are public) they are null, so that they never leave the server.
 */
export interface CustomerDescription {
  email: string | null;
  emailStatus: "queued" | "sent" | "bounced" | null;
  emailError: string | null;
  /** When the SMTP server accepted the latest e-mail ("5 March 2027 at 10:30"), else null. */
  emailSentAt: string | null;
  awaitingSignature: boolean;
  /** When the customer signed through the e-mailed link, else null. */
  signedRemotelyAt: string | null;
  /**
   * Where that link was sent, masked ("j***@example.com"), for everyone: what the product knows of
   * who signed (decision 0274). Null when not signed remotely (or the address was not kept).
   */
  signedThrough: string | null;
}

/** "jane@example.com" as "j***@example.com": enough to recognise, not to write to. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "***";
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * How a remote signature is described on the page and the PDF (decision 0274): the link, the
 * address it went to and when, not "by the customer", which the product cannot know.
 */
export function remoteSignatureText(
  customer: Pick<CustomerDescription, "signedRemotelyAt" | "signedThrough">,
) {
  if (!customer.signedRemotelyAt) return null;
  const link = customer.signedThrough ? `a link sent to ${customer.signedThrough}` : "an e-mailed link";
  return `Signed through ${link}, ${customer.signedRemotelyAt}`;
}

/** `owner`: the viewer's company owns the note; otherwise the e-mail's details are left out. */
export function describeCustomer(note: WasteNote, owner = false): CustomerDescription {
  const signature = {
    awaitingSignature: awaitingCustomerSignature(note),
    signedRemotelyAt: note.customer_signed_at ? formatDateTime(note.customer_signed_at) : null,
    signedThrough:
      note.customer_signed_at && note.customer_signed_email ? maskEmail(note.customer_signed_email) : null,
  };
  if (!owner) return { email: null, emailStatus: null, emailError: null, emailSentAt: null, ...signature };
  return {
    email: note.customer_email,
    emailStatus: note.customer_email_status,
    emailError: note.customer_email_error,
    emailSentAt: note.customer_email_sent_at ? formatDateTime(note.customer_email_sent_at) : null,
    ...signature,
  };
}
