/** The claims area's own e-mail (the rejection notice), in the platform's branded layout. */
import type { EmailMessage } from "~/platform/email/outbox.server";
import { renderEmail } from "~/platform/email/templates.server";

export function claimRejectedEmail(input: {
  to: string;
  businessName: string;
  notes: string | null;
  registerUrl: string;
  contactUrl: string;
}): EmailMessage {
  return renderEmail({
    to: input.to,
    subject: `Your claim for ${input.businessName} was not approved`,
    template: "claim_rejected",
    heading: "Your claim was not approved",
    paragraphs: [`We have reviewed your claim for ${input.businessName} and could not approve it.`],
    blocks: [
      ...(input.notes ? [{ p: "Our reviewer's notes:" }, { quote: input.notes }] : []),
      {
        p: "If you think this is a mistake, or you can send us more evidence that you run this business, please contact us. You can also submit a new claim.",
      },
      { link: { before: "Start a new claim:", label: input.registerUrl, url: input.registerUrl } },
    ],
    action: { label: "Contact us", url: input.contactUrl },
  });
}
