/**
 * The visitor's copy of a general lead (decision 0602): what they asked for and what really
 * happens next. Plain: every string is escaped by the layout, the visitor's text has its links
 * taken out (it goes to whatever address was typed), and the only links are the site's own.
 * The photo is mentioned, never attached.
 */
import type { EmailMessage } from "~/platform/email/outbox.server";
import { renderEmail } from "~/platform/email/templates.server";
import { dateChoiceLabel, loadSizeLabel, TIME_SLOTS } from "./constants";
import type { LeadInput } from "./lead-schema";
import { leadNextSteps } from "./sent-details";
import { withoutLinks } from "./visitor-copy.server";

export const LEAD_COPY_SUBJECT = "Copy of your request for waste collection quotes";

export type PhotoNote = "stored" | "failed" | "none";

export function photoNote(photo: PhotoNote): string {
  if (photo === "stored") return "One photo, kept with your request (not attached to this email)";
  if (photo === "failed") return "We could not save your photo, so your request was kept without it";
  return "None";
}

export function leadCopyEmail(args: { input: LeadInput; photo: PhotoNote; publicUrl: string }): EmailMessage {
  const { input } = args;
  const time = TIME_SLOTS.find((s) => s.value === input.preferredTime)?.label ?? "ASAP";
  return renderEmail({
    to: input.email,
    subject: LEAD_COPY_SUBJECT,
    template: "lead_copy",
    heading: "We have your request",
    paragraphs: [
      `Hello ${withoutLinks(input.name)},`,
      "Thank you for asking for quotes through the UK Waste Carrier Directory. This is a copy of what you sent us.",
    ],
    blocks: [
      { heading: "What happens next" },
      { p: leadNextSteps(input.postcode) },
      {
        link: {
          before: "Before anyone takes your waste away, check that they are a registered waste carrier:",
          label: "how to check a licence",
          url: `${args.publicUrl}/resources/checking-license`,
        },
      },
      { heading: "Your request" },
      {
        details: [
          ["Name", withoutLinks(input.name)],
          ["Email", input.email],
          ["Phone", input.phone ? withoutLinks(input.phone) : "Not given"],
          ["Postcode", input.postcode],
          ["Load size", loadSizeLabel(input.loadSize)],
          ["Preferred date", dateChoiceLabel(input.preferredDate)],
          ["Preferred time", time],
          ["Photo", photoNote(args.photo)],
        ],
      },
      { heading: "What needs collecting" },
      { quote: withoutLinks(input.description) },
    ],
    footnote: `If you did not make this request, someone may have typed your address by mistake. Tell us at ${args.publicUrl}/contact and we will delete it.`,
  });
}
