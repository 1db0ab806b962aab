/**
 * 'New Quote Request from {name}' for the provider: the customer's details, the message and a
 * link to the photo (which opens only for the provider's own signed-in account or an admin).
 * Everything the visitor typed is escaped (the platform's layout escapes every string).
 */
import type { EmailMessage } from "~/platform/email/outbox.server";
import { renderEmail } from "~/platform/email/templates.server";

export function quoteRequestEmail(args: {
  to: string;
  businessName: string;
  name: string;
  email: string;
  phone?: string | null;
  postcode?: string | null;
  serviceType?: string | null;
  message: string;
  imageUrl?: string | null;
  dashboardUrl: string;
}): EmailMessage {
  const subject = `New Quote Request from ${args.name}`;
  return renderEmail({
    to: args.to,
    subject,
    template: "quote_request",
    heading: subject,
    paragraphs: [`A customer has requested a quote from ${args.businessName} through your listing.`],
    blocks: [
      { heading: "Customer details" },
      {
        details: [
          ["Name", args.name],
          ["Email", args.email, "mailto"],
          ["Phone", args.phone || "Not provided"],
          ["Postcode", args.postcode || "Not provided"],
          ["Service", args.serviceType || "Not specified"],
        ],
      },
      { heading: "Message" },
      { quote: args.message },
      args.imageUrl
        ? {
            link: {
              label: "View the customer's photo",
              url: args.imageUrl,
              after: "(sign in to your UK Waste Carrier Directory account to open it)",
            },
          }
        : { p: "No photo was attached." },
      {
        link: {
          before:
            "Reply to the customer directly at the email address above. You can turn these emails off in your",
          label: "company dashboard",
          url: args.dashboardUrl,
        },
      },
    ],
  });
}
