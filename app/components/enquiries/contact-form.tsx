/** The contact page form (name, email, subject, message); 'Message sent' once stored and queued. */
import { getFormProps } from "@conform-to/react";
import { CircleCheckIcon } from "~/components/ui/icons/circle-check";
import { MailIcon } from "~/components/ui/icons/mail";
import { Form, useNavigation } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { FormError } from "~/components/auth/form-field";
import { Button } from "~/components/ui/button";
import { CONTACT_MESSAGES, contactSchema } from "~/modules/contact/contact-schema";
import { Honeypot } from "~/components/ui/honeypot";
import { TextAreaField, TextField } from "./fields";
import type { EnquiryReply } from "./reply";
import { useEnquiryForm } from "./use-enquiry-form";

export function ContactForm({ reply }: { reply?: EnquiryReply }) {
  const navigation = useNavigation();
  const [form, fields] = useEnquiryForm("contact-form", () => contactSchema, reply);
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";
  return (
    <section
      aria-labelledby="contact-form-heading"
      className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="contact-form-heading" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <MailIcon aria-hidden className="h-5 w-5 text-brand-600" /> Send us a message
      </h2>
      {reply?.status === "sent" ? (
        <div role="status" className="mt-4 rounded-lg border border-green-200 bg-green-50 p-5 text-green-900">
          <p className="flex items-center gap-2 text-lg font-semibold">
            <CircleCheckIcon aria-hidden className="h-5 w-5" /> {CONTACT_MESSAGES.sent}
          </p>
          <p className="mt-1 text-sm [overflow-wrap:anywhere]">
            {CONTACT_MESSAGES.sentDetail(reply.replyTo)}
          </p>
          <SiteLink
            to="/contact"
            className="mt-3 inline-block text-sm font-medium text-green-900 underline underline-offset-2"
          >
            Send another message
          </SiteLink>
        </div>
      ) : (
        <Form method="post" action="/contact" {...getFormProps(form)} className="relative mt-4 space-y-4">
          <Honeypot />
          <FormError id={form.errorId} errors={reply?.formError ? [reply.formError] : form.errors} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Name" meta={fields.name} autoComplete="name" maxLength={100} />
            <TextField label="Email" meta={fields.email} type="email" autoComplete="email" maxLength={254} />
          </div>
          <TextField label="Subject" meta={fields.subject} maxLength={150} />
          <TextAreaField label="Message" meta={fields.message} rows={6} maxLength={2000} />
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? "Sending..." : "Send Message"}
          </Button>
        </Form>
      )}
    </section>
  );
}
