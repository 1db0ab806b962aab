/**
 * The quote request form on a claimed premium profile. Posts to /enquiries/quote/{reg}: with
 * JavaScript through a fetcher (idle, sending, sent + toast), without it as a normal page. The
 * sent state says what the server did: sent to the business (only when its e-mail was queued) and
 * a copy to the visitor (only when queued).
 */
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2, Send } from "lucide-react";
import { FormError } from "~/components/auth/form-field";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { toast, useToastOnce } from "~/components/ui/toast";
import { quoteSentText } from "~/modules/leads/sent-details";
import { QUOTE_MESSAGES, quoteSchema } from "~/modules/quotes/quote-schema";
import { Honeypot } from "~/components/ui/honeypot";
import { PhotoField, SelectField, TextAreaField, TextField } from "./fields";
import type { EnquiryReply } from "./reply";
import { useEnquiryFetcher, useEnquiryForm } from "./use-enquiry-form";

/** The name of the button Conform submits the form with to revalidate it (@conform-to/dom's INTENT). */
const CONFORM_INTENT = "__intent__";

export const quoteAction = (registrationNumber: string) =>
  `/enquiries/quote/${encodeURIComponent(registrationNumber)}`;

export function QuoteForm({
  registrationNumber,
  businessName,
  services,
  initial,
}: {
  registrationNumber: string;
  businessName: string;
  services: string[];
  initial?: EnquiryReply;
}) {
  const { fetcher, reply, formKey, another, busy } = useEnquiryFetcher(
    `quote-${registrationNumber}`,
    initial,
  );
  useToastOnce(fetcher.data?.toast);
  const [form, fields] = useEnquiryForm(`quote-form-${formKey}`, () => quoteSchema, reply);
  const formProps = getFormProps(form);
  // Client-side checks stop the request, so the spec's toast is raised here as the server would:
  // only for the person's own submit. Conform revalidates as they type by submitting the form with
  // its own '__intent__' button; raising the toast then put one up for every keystroke.
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    toastIfInvalid(event);
    formProps.onSubmit(event);
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle id="quote-heading">Request a Quote</CardTitle>
        <p className="mt-1 text-sm text-slate-600">
          Send your request straight to {businessName}. It's free and there's no obligation.
        </p>
      </CardHeader>
      <CardContent>
        {reply?.status === "sent" ? (
          <QuoteSent sent={reply.sent} onAnother={another} />
        ) : (
          <fetcher.Form
            method="post"
            action={quoteAction(registrationNumber)}
            encType="multipart/form-data"
            {...formProps}
            onSubmit={onSubmit}
            aria-labelledby="quote-heading"
            className="relative space-y-4"
          >
            <Honeypot />
            <FormError id={form.errorId} errors={reply?.formError ? [reply.formError] : form.errors} />
            <QuoteContactFields fields={fields} />
            <QuoteRequestFields fields={fields} services={services} />
            <PhotoField
              id={`quote-photo-${formKey}`}
              label="Photo"
              errors={reply?.photoError ? [reply.photoError] : undefined}
            />
            <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
              <Send aria-hidden className="h-4 w-4" />
              {busy ? "Sending..." : "Send Quote Request"}
            </Button>
          </fetcher.Form>
        )}
      </CardContent>
    </Card>
  );
}

/** Client-side checks stop the request, so raise the spec's toast for the person's own submit. */
function toastIfInvalid(event: React.FormEvent<HTMLFormElement>) {
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  const revalidating = submitter instanceof HTMLButtonElement && submitter.name === CONFORM_INTENT;
  if (
    !revalidating &&
    parseWithZod(new FormData(event.currentTarget), { schema: quoteSchema }).status !== "success"
  ) {
    toast({ ...QUOTE_MESSAGES.missing, variant: "destructive" });
  }
}

type QuoteFieldMetas = Record<
  "name" | "email" | "phone" | "postcode" | "serviceType" | "message",
  FieldMetadata<unknown>
>;

function QuoteSent({ sent, onAnother }: { sent: EnquiryReply["sent"]; onAnother: () => void }) {
  return (
    <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-5 text-green-900">
      <p className="flex items-center gap-2 font-semibold">
        <CheckCircle2 aria-hidden className="h-5 w-5" /> {QUOTE_MESSAGES.submitted.title}
      </p>
      {quoteSentText(sent).lines.map((line) => (
        <p key={line} className="mt-1 text-sm [overflow-wrap:anywhere]">
          {line}
        </p>
      ))}
      <Button variant="outline" size="sm" className="mt-4" onClick={onAnother}>
        Send Another Request
      </Button>
    </div>
  );
}

function QuoteContactFields({ fields }: { fields: QuoteFieldMetas }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Name" meta={fields.name} autoComplete="name" maxLength={100} />
      <TextField label="Email" meta={fields.email} type="email" autoComplete="email" maxLength={254} />
      <TextField label="Phone" meta={fields.phone} type="tel" autoComplete="tel" optional maxLength={30} />
      <TextField label="Postcode" meta={fields.postcode} autoComplete="postal-code" optional maxLength={10} />
    </div>
  );
}

function QuoteRequestFields({ fields, services }: { fields: QuoteFieldMetas; services: string[] }) {
  return (
    <>
      {services.length ? (
        <SelectField
          label="Service type"
          meta={fields.serviceType}
          options={services.map((s) => ({ value: s, label: s }))}
          placeholder="Select a service"
          optional
        />
      ) : null}
      <TextAreaField
        label="Message"
        meta={fields.message}
        rows={4}
        maxLength={2000}
        placeholder="What needs collecting, where, and when?"
      />
    </>
  );
}
