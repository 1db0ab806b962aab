/**
 * The e-mails of a forwarded lead (decision 0807): to each chosen carrier, the lead's details; to
 * the visitor, who was asked, with their profiles. Every string is escaped by the layout; the
 * visitor's own text has its links taken out. The photo is never attached: a carrier gets the
 * access-checked photo route's address, which opens only for an admin or a signed-in owner of a
 * listing the lead was forwarded to (get-lead-photo.server.ts).
 */
import type { EmailMessage } from "~/platform/email/outbox.server";
import { renderEmail, type EmailBlock } from "~/platform/email/templates.server";
import { dateChoiceLabel, loadSizeLabel, TIME_SLOTS } from "./constants";
import { withoutLinks } from "./visitor-copy.server";

export const FORWARDED_VISITOR_SUBJECT = "We've passed your request to local waste carriers";
export const forwardedCarrierSubject = (postcode: string) => `New customer lead near ${postcode}`;

export interface ForwardedLead {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  postcode: string;
  load_size: string | null;
  description: string;
  preferred_date: string | null;
  preferred_time: string | null;
  has_image: boolean;
}

const preferredTime = (value: string | null) => TIME_SLOTS.find((s) => s.value === value)?.label ?? "ASAP";

function leadDetails(lead: ForwardedLead): EmailBlock {
  return {
    details: [
      ["Name", withoutLinks(lead.name)],
      ["Email", lead.email, "mailto"],
      ["Phone", lead.phone ? withoutLinks(lead.phone) : "Not provided"],
      ["Postcode", lead.postcode],
      ["Load size", loadSizeLabel(lead.load_size)],
      ["Preferred date", lead.preferred_date ? dateChoiceLabel(lead.preferred_date) : "Not specified"],
      ["Preferred time", preferredTime(lead.preferred_time)],
    ],
  };
}

export function forwardedCarrierEmail(args: {
  to: string;
  businessName: string;
  lead: ForwardedLead;
  distanceMiles: number;
  publicUrl: string;
}): EmailMessage {
  const { lead } = args;
  const subject = forwardedCarrierSubject(lead.postcode);
  return renderEmail({
    to: args.to,
    subject,
    template: "lead_forwarded_carrier",
    heading: subject,
    paragraphs: [
      `A customer asked the UK Waste Carrier Directory for quotes, and our team has passed the request to ${args.businessName}, ${args.distanceMiles.toFixed(1)} miles from the customer's postcode.`,
      "The customer knows we have passed it to you. If you can help, reply to them directly at the email address below.",
    ],
    blocks: [
      { heading: "Customer details" },
      leadDetails(lead),
      { heading: "What needs collecting" },
      { quote: withoutLinks(lead.description) },
      lead.has_image
        ? {
            link: {
              label: "View the customer's photo",
              url: `${args.publicUrl}/enquiries/photo/lead/${lead.id}`,
              after: "(sign in to your UK Waste Carrier Directory account to open it)",
            },
          }
        : { p: "No photo was attached." },
    ],
  });
}

export function forwardedVisitorEmail(args: {
  lead: Pick<ForwardedLead, "name" | "email" | "postcode">;
  carriers: { businessName: string; registrationNumber: string }[];
  publicUrl: string;
}): EmailMessage {
  const { lead } = args;
  return renderEmail({
    to: lead.email,
    subject: FORWARDED_VISITOR_SUBJECT,
    template: "lead_forwarded_visitor",
    heading: "Your request has been passed on",
    paragraphs: [
      `Hello ${withoutLinks(lead.name)},`,
      `Our team has passed your request for waste collection quotes near ${lead.postcode} to these licensed waste carriers. If they can help, they will contact you directly.`,
    ],
    blocks: [
      ...args.carriers.map((c): EmailBlock => ({
        link: {
          label: c.businessName,
          url: `${args.publicUrl}/provider/${encodeURIComponent(c.registrationNumber)}`,
          after: `(registration ${c.registrationNumber})`,
        },
      })),
      {
        link: {
          before: "Before anyone takes your waste away, check that they are a registered waste carrier:",
          label: "how to check a licence",
          url: `${args.publicUrl}/resources/checking-license`,
        },
      },
    ],
    footnote: `If you did not make this request, tell us at ${args.publicUrl}/contact and we will delete it.`,
  });
}
