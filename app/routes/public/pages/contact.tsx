import { Building2Icon } from "~/components/ui/icons/building-2";
import { ClockIcon } from "~/components/ui/icons/clock";
import { FileTextIcon } from "~/components/ui/icons/file-text";
import { MessageSquareIcon } from "~/components/ui/icons/message-square";
import { SearchIcon } from "~/components/ui/icons/search";
import { TriangleAlertIcon } from "~/components/ui/icons/triangle-alert";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, useActionData } from "react-router";
import { SiteLink } from "~/components/ui/site-link";
import { ContactForm } from "~/components/enquiries/contact-form";
import type { EnquiryReply } from "~/components/enquiries/reply";
import { ExtLink, Tel } from "~/content/elements";
import { OFFICIAL, PHONE } from "~/content/links";
import { CONTACT_RESPONSE_TIME, SUPPORT_HOURS } from "~/content/site";
import { CONTACT_MESSAGES, contactSchema } from "~/modules/contact/contact-schema";
import { sendContactMessage } from "~/modules/contact/send-contact-message.server";
import { HONEYPOT_FIELD, honeypotFilled } from "~/platform/honeypot";
import { getApp } from "~/web/context";
import type { Route } from "./+types/contact";
import { PageBody, PageHeader, PageMain } from "./page-shell";
import { canonicalLoader, staticPageMeta } from "./static-page";

export const loader = canonicalLoader("/contact");

export const meta = staticPageMeta({
  title: "Contact Us",
  description: `Contact the UK Waste Carrier Directory support team. We respond ${CONTACT_RESPONSE_TIME}, ${SUPPORT_HOURS}.`,
});

/** Stores the message and e-mails it to the site's contact address (CONTACT_EMAIL). */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const body = await request.formData();
  const honeypot = body.get(HONEYPOT_FIELD);
  const submission = parseWithZod(body, { schema: contactSchema });
  if (honeypotFilled(honeypot)) {
    app.log.info({ form: "contact" }, "honeypot filled; submission ignored");
    return data<EnquiryReply>({ status: "sent" });
  }
  if (submission.status !== "success")
    return data<EnquiryReply>({ status: "error", result: submission.reply() }, { status: 400 });
  try {
    const result = await sendContactMessage({ db: app.db, log: app.log }, app.config, {
      input: submission.value,
      honeypot,
      ip: app.clientIp,
    });
    if (result.status === "rate-limited") {
      return data<EnquiryReply>(
        { status: "error", result: submission.reply(), formError: CONTACT_MESSAGES.rateLimited },
        { status: 429 },
      );
    }
    return data<EnquiryReply>({
      status: "sent",
      result: submission.reply({ resetForm: true }),
      replyTo: submission.value.email,
    });
  } catch (error) {
    app.log.error({ err: error }, "contact message failed");
    return data<EnquiryReply>(
      { status: "error", result: submission.reply(), formError: CONTACT_MESSAGES.failed },
      { status: 500 },
    );
  }
}

/** The contact form (name, email, subject, message; 'Message sent' on success). */
function ContactFormSlot() {
  const reply = useActionData<typeof action>();
  return <ContactForm reply={reply} />;
}

export default function Contact() {
  return (
    <PageMain>
      <PageHeader
        eyebrow="Contact us"
        title="Get in touch"
        lead="Questions about a listing, claiming your business or how the directory works? Our support team is here to help."
        icon={MessageSquareIcon}
      />
      <PageBody>
        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div className="min-w-0 space-y-10">
            <ContactFormSlot />
            <QuickHelpSection />
            <DirectoryNote />
          </div>

          <ContactInfoAside />
        </div>
      </PageBody>
    </PageMain>
  );
}

function QuickHelpSection() {
  return (
    <section aria-labelledby="quick-help">
      <h2 id="quick-help" className="text-xl font-bold text-slate-900">
        You might find your answer faster here
      </h2>
      <ul className="mt-5 grid gap-4 sm:grid-cols-2">
        <HelpCard
          icon={SearchIcon}
          title="Looking for a waste carrier?"
          text="Search by town, postcode, business name or licence number, and request free quotes."
          link={<SiteLink to="/search-results">Search the directory</SiteLink>}
        />
        <HelpCard
          icon={Building2Icon}
          title="Run a waste business?"
          text="Find your listing and claim it to add your contact details, services and areas."
          link={<SiteLink to="/register">Register My Business</SiteLink>}
        />
        <HelpCard
          icon={TriangleAlertIcon}
          title="Seen fly-tipping?"
          text="Report dumped waste to your local council, who are responsible for clearing it."
          link={<ExtLink href={OFFICIAL.reportFlytipping.href}>Report fly-tipping on GOV.UK</ExtLink>}
        />
        <HelpCard
          icon={FileTextIcon}
          title="Wrong registration details?"
          text="Register details come from the Environment Agency. Businesses update them with the Environment Agency and we follow."
          link={<ExtLink href={OFFICIAL.registerAsCarrier.href}>Update a registration on GOV.UK</ExtLink>}
        />
      </ul>
    </section>
  );
}

function DirectoryNote() {
  return (
    <p className="max-w-[68ch] text-sm leading-6 text-slate-600">
      We are a directory, not a waste carrier: we cannot collect waste or arrange collections ourselves. To
      get a price for a job, request quotes from carriers in the directory. Questions about the guides?{" "}
      <SiteLink to="/resources" className="font-medium text-brand-700 underline underline-offset-2">
        Browse our resources
      </SiteLink>{" "}
      or read the{" "}
      <SiteLink to="/faq" className="font-medium text-brand-700 underline underline-offset-2">
        frequently asked questions
      </SiteLink>
      .
    </p>
  );
}

function ContactInfoAside() {
  return (
    <aside aria-label="Contact information" className="space-y-6 lg:sticky lg:top-6 lg:self-start">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 className="text-lg font-bold text-slate-900">Support hours</h2>
        <dl className="mt-4 space-y-4 text-sm">
          <div>
            <dt className="flex items-center gap-2 font-semibold text-slate-900">
              <ClockIcon aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
              Opening hours
            </dt>
            <dd className="mt-0.5 pl-7 text-slate-700">{SUPPORT_HOURS}</dd>
          </div>
          <div>
            <dt className="flex items-center gap-2 font-semibold text-slate-900">
              <MessageSquareIcon aria-hidden="true" className="size-5 shrink-0 text-brand-600" />
              Response time
            </dt>
            <dd className="mt-0.5 pl-7 text-slate-700">
              We respond to every message {CONTACT_RESPONSE_TIME}.
            </dd>
          </div>
        </dl>
      </div>
      <div className="rounded-xl border border-amber-300 bg-amber-50 p-6 text-amber-950">
        <h2 className="flex items-center gap-2 font-bold">
          <TriangleAlertIcon aria-hidden="true" className="size-5 text-amber-700" />
          Pollution or dumping happening now?
        </h2>
        <p className="mt-2 text-sm leading-6">
          Call the Environment Agency's 24-hour incident hotline on{" "}
          <span className="font-semibold underline underline-offset-2">
            <Tel number={PHONE.eaIncident} />
          </span>
          . We cannot respond to emergencies.
        </p>
      </div>
    </aside>
  );
}

function HelpCard({
  icon: Icon,
  title,
  text,
  link,
}: {
  icon: React.ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  title: string;
  text: string;
  link: React.ReactNode;
}) {
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <Icon aria-hidden="true" className="size-6 text-brand-600" />
      <h3 className="mt-3 font-semibold text-slate-900">{title}</h3>
      <p className="mt-1 text-sm leading-6 text-slate-600">{text}</p>
      <p className="mt-auto pt-4 text-sm font-semibold text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900">
        {link}
      </p>
    </li>
  );
}
