/**
 * The visitor's copy of a quote request (decision 0602): what they sent, to which business, and
 * whether it was e-mailed to that business. Plain like the lead copy: escaped, the visitor's text
 * without links, the site's own links only, the photo mentioned and never attached.
 */
import type { EmailMessage } from "~/platform/email/outbox.server";
import { renderEmail } from "~/platform/email/templates.server";
import { photoNote, type PhotoNote } from "../leads/lead-copy-email.server";
import { withoutLinks } from "../leads/visitor-copy.server";
import type { QuoteInput } from "./quote-schema";

export const quoteCopySubject = (businessName: string) => `Copy of your quote request to ${businessName}`;

export function quoteCopyEmail(args: {
  input: QuoteInput;
  businessName: string;
  providerEmailed: boolean;
  photo: PhotoNote;
  profileUrl: string;
  publicUrl: string;
}): EmailMessage {
  const { input, businessName } = args;
  const subject = quoteCopySubject(businessName);
  const next = args.providerEmailed
    ? [
        `We have sent your quote request to ${businessName}. This is a copy for your records.`,
        `If they can help, ${businessName} will reply to you directly. Any quote and any arrangement are between you and them.`,
      ]
    : [
        `This is a copy of the quote request you made to ${businessName}.`,
        `${businessName} has turned off e-mail notifications, so your request has not been sent to them. To reach them, use the contact details on their profile.`,
      ];
  return renderEmail({
    to: input.email,
    subject,
    template: "quote_copy",
    heading: "Your quote request",
    paragraphs: [`Hello ${withoutLinks(input.name)},`, ...next],
    blocks: [
      {
        link: {
          before: "Before anyone takes your waste away, check their registration on their profile:",
          label: businessName,
          url: args.profileUrl,
        },
      },
      { heading: "Your request" },
      {
        details: [
          ["Name", withoutLinks(input.name)],
          ["Email", input.email],
          ["Phone", input.phone ? withoutLinks(input.phone) : "Not given"],
          ["Postcode", input.postcode || "Not given"],
          ["Service", input.serviceType || "Not specified"],
          ["Photo", photoNote(args.photo)],
        ],
      },
      { heading: "Message" },
      { quote: withoutLinks(input.message) },
    ],
    footnote: `If you did not make this request, someone may have typed your address by mistake. Tell us at ${args.publicUrl}/contact and we will delete it.`,
  });
}
