/**
 * The general quote lead form (search results page). Posts to /enquiries/lead: with JavaScript
 * through a fetcher (states idle, submitting, 'Request sent!'); without it the browser goes to
 * that page, which shows the same form with its errors or the sent state. The sent state says
 * what the server did (decision 0602): a copy e-mailed to the visitor only when it was queued, and
 * that the request is with the team, not yet with any carrier.
 */
import { getFormProps, type FieldMetadata } from "@conform-to/react";
import { CheckCircle2, ClipboardList } from "lucide-react";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/auth/form-field";
import {
  dateChoiceLabel,
  dateChoices,
  LOAD_SIZES,
  normalisePostcode,
  TIME_SLOTS,
} from "~/modules/leads/constants";
import { LEAD_MESSAGES, leadSchema } from "~/modules/leads/lead-schema";
import { leadSentLines } from "~/modules/leads/sent-details";
import { Honeypot } from "~/components/ui/honeypot";
import { PhotoField, SelectField, TextAreaField, TextField } from "./fields";
import type { EnquiryReply } from "./reply";
import { useEnquiryFetcher, useEnquiryForm } from "./use-enquiry-form";

export const LEAD_ACTION = "/enquiries/lead";

export function LeadForm({
  location,
  initial,
  compact = true,
}: {
  location?: string;
  initial?: EnquiryReply;
  compact?: boolean;
}) {
  const { fetcher, reply, formKey, another, busy } = useEnquiryFetcher("general-lead", initial);
  const dates = dateChoices();
  const [form, fields] = useEnquiryForm(`lead-form-${formKey}`, () => leadSchema(), reply, {
    preferredDate: dates[0],
    preferredTime: "asap",
    postcode: (location && normalisePostcode(location)) || undefined,
  });

  return (
    <section
      aria-labelledby="lead-heading"
      className="rounded-xl border border-brand-200 bg-white p-5 shadow-sm"
    >
      {/* The same heading and words as the results page's invitation (lead-invitation.tsx). */}
      <h2 id="lead-heading" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <ClipboardList aria-hidden className="h-5 w-5 text-brand-600" /> Get free quotes
      </h2>
      {reply?.status === "sent" ? (
        <LeadSent sent={reply.sent} onAnother={another} />
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            Tell us what needs collecting. Our team passes requests on to licensed carriers near you.
          </p>
          <fetcher.Form
            method="post"
            action={LEAD_ACTION}
            encType="multipart/form-data"
            {...getFormProps(form)}
            className="relative mt-4 space-y-4"
          >
            <Honeypot />
            <FormError id={form.errorId} errors={reply?.formError ? [reply.formError] : form.errors} />
            <LeadWhatAndWhenFields fields={fields} dates={dates} compact={compact} />
            <LeadContactFields fields={fields} />
            <PhotoField
              id={`lead-photo-${formKey}`}
              label="Photo of the waste"
              errors={reply?.photoError ? [reply.photoError] : undefined}
            />
            <Button type="submit" className="w-full" disabled={busy}>
              {busy ? "Submitting..." : "Request Quotes"}
            </Button>
          </fetcher.Form>
        </>
      )}
    </section>
  );
}

type LeadFieldMetas = Record<
  "description" | "preferredDate" | "preferredTime" | "loadSize" | "name" | "email" | "phone" | "postcode",
  FieldMetadata<unknown>
>;

function LeadSent({ sent, onAnother }: { sent: EnquiryReply["sent"]; onAnother: () => void }) {
  return (
    <div role="status" className="mt-4 rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
      <p className="flex items-center gap-2 font-semibold">
        <CheckCircle2 aria-hidden className="h-5 w-5" /> {LEAD_MESSAGES.sent}
      </p>
      {leadSentLines(sent).map((line) => (
        <p key={line} className="mt-1 text-sm [overflow-wrap:anywhere]">
          {line}
        </p>
      ))}
      <button
        type="button"
        className="mt-3 w-full rounded-md border border-green-300 bg-white px-3 py-1.5 text-sm font-semibold text-green-900 hover:bg-green-100"
        onClick={onAnother}
      >
        Send another request
      </button>
    </div>
  );
}

function LeadWhatAndWhenFields({
  fields,
  dates,
  compact,
}: {
  fields: LeadFieldMetas;
  dates: string[];
  compact: boolean;
}) {
  return (
    <>
      <TextAreaField
        label="What needs collecting?"
        meta={fields.description}
        rows={3}
        maxLength={2000}
        placeholder="e.g. an old sofa and 5 bags of garden waste"
      />
      <div className={compact ? "space-y-4" : "grid gap-4 sm:grid-cols-3"}>
        <SelectField
          label="Preferred date"
          meta={fields.preferredDate}
          options={dates.map((d) => ({ value: d, label: dateChoiceLabel(d) }))}
        />
        <SelectField label="Preferred time" meta={fields.preferredTime} options={TIME_SLOTS} />
        <SelectField
          label="Load size"
          meta={fields.loadSize}
          options={LOAD_SIZES}
          placeholder="Not sure"
          optional
        />
      </div>
    </>
  );
}

function LeadContactFields({ fields }: { fields: LeadFieldMetas }) {
  return (
    <>
      <TextField label="Name" meta={fields.name} autoComplete="name" maxLength={100} />
      <TextField label="Email" meta={fields.email} type="email" autoComplete="email" maxLength={254} />
      <TextField label="Phone" meta={fields.phone} type="tel" autoComplete="tel" optional maxLength={30} />
      <TextField
        label="Postcode"
        meta={fields.postcode}
        autoComplete="postal-code"
        maxLength={10}
        placeholder="e.g. M1 1AE"
      />
    </>
  );
}
