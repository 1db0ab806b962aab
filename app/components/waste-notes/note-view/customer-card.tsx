/**
 * The customer on the note's page (decision 0712). Everyone sees whether the customer still has to
 * sign ("Awaiting customer signature") or signed remotely; the owner also sees where the e-mail
 * went and what came of it (queued, sent, bounced) and can send it (again, to a corrected address)
 * while the listing may send (`canSend`: not suspended or awaiting approval, decision 0253).
 */
import { FileSignature, Mail, MailCheck, MailWarning } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Input, Label } from "~/components/ui/form";
import type { NoteDescription } from "~/modules/waste-notes/describe-note.server";

type Customer = NoteDescription["customer"];

export function CustomerCard({
  note,
  canManage,
  canSend = canManage,
}: {
  note: NoteDescription;
  canManage: boolean;
  /** The owner's listing may send now (a void or corrected note says why it is not sent). */
  canSend?: boolean;
}) {
  const customer: Customer = note.customer;
  const signature = <SignatureStatus note={note} />;
  const hasSignatureNews = customer.awaitingSignature || !!customer.signedRemotelyAt;
  const hasSendStatus = !!customer.email && !!customer.emailStatus;
  const sendPart = canManage && (canSend || !note.versionInfo.current);
  if (!hasSignatureNews && !(canManage && hasSendStatus) && !sendPart) return null;
  return (
    <Card data-testid="customer-card">
      <CardHeader>
        <CardTitle className="text-base">Customer</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        {signature}
        {canManage ? <SendStatus customer={customer} /> : null}
        {sendPart ? <SendForm note={note} customer={customer} /> : null}
      </CardContent>
    </Card>
  );
}

/** "Awaiting customer signature", or who signed remotely and when. */
function SignatureStatus({ note }: { note: NoteDescription }) {
  const { customer } = note;
  if (customer.signedRemotelyAt)
    return (
      <p data-testid="customer-signature" className="flex gap-2 text-green-800">
        <FileSignature className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          Signed remotely by <strong>{note.signatures.transferor}</strong> on {customer.signedRemotelyAt}
        </span>
      </p>
    );
  if (customer.awaitingSignature)
    return (
      <p
        data-testid="customer-signature"
        className="flex gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 font-semibold text-amber-900"
      >
        <FileSignature className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>Awaiting customer signature</span>
      </p>
    );
  return null;
}

/** Where the latest e-mail to the customer is: queued, sent (accepted by their server) or bounced. */
function SendStatus({ customer }: { customer: Customer }) {
  const { email, emailStatus } = customer;
  if (!email || !emailStatus) return null;
  if (emailStatus === "bounced")
    return (
      <Alert tone="error" data-testid="customer-email-status">
        <span className="flex gap-2">
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span className="break-words">
            The e-mail to {email} bounced: {customer.emailError ?? "the recipient's server refused it"}
          </span>
        </span>
      </Alert>
    );
  const sent = emailStatus === "sent";
  const Icon = sent ? MailCheck : Mail;
  return (
    <p data-testid="customer-email-status" className="flex gap-2 break-words text-slate-800">
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {sent ? (
          <>
            Sent to <strong>{email}</strong>
            {customer.emailSentAt ? ` at ${customer.emailSentAt}` : ""}
          </>
        ) : (
          <>
            Queued: sending to <strong>{email}</strong>
          </>
        )}
      </span>
    </p>
  );
}

/** "Send to customer": the address prefilled; not for a void or corrected note. */
function SendForm({ note, customer }: { note: NoteDescription; customer: Customer }) {
  const navigation = useNavigation();
  const action = `/company/waste-notes/${note.id}/send`;
  const busy = navigation.state !== "idle" && navigation.formAction === action;
  if (note.voided) return <p className="text-slate-600">A void note can't be sent.</p>;
  if (!note.versionInfo.current)
    return <p className="text-slate-600">This note has been corrected: send the current version.</p>;
  const unsigned = !note.signatures.transferor.trim() && !note.signatures.transferorImage;
  const again = customer.emailStatus === "sent" || customer.emailStatus === "bounced";
  return (
    <Form method="post" action={action} className="space-y-2" data-testid="send-to-customer">
      <Label htmlFor="customer-email">Customer's e-mail</Label>
      <Input
        id="customer-email"
        type="email"
        name="email"
        required
        autoComplete="email"
        defaultValue={customer.email ?? ""}
        placeholder="name@example.com"
      />
      <p className="text-xs text-slate-600">
        They get a link to the note and its PDF{unsigned ? ", with a link to sign it" : ""}.
      </p>
      <Button type="submit" disabled={busy} className="w-full">
        <Mail className="size-4" aria-hidden />{" "}
        {busy ? "Sending…" : again ? "Send again" : "Send to customer"}
      </Button>
    </Form>
  );
}
