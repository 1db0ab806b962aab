/** The directory's e-mails to carriers (renderEmail layout, queued with queueEmail). */
import { renderEmail } from "~/platform/email/templates.server";
import type { EmailMessage } from "~/platform/email/outbox.server";
import { expiresInText, RENEW_REGISTRATION_URL } from "./registration";
import { formatDate } from "~/platform/dates";

export interface ExpiryReminder {
  to: string;
  businessName: string;
  registrationNumber: string;
  expiryDate: string;
  daysLeft: number;
  dashboardUrl: string;
}

/** 60, 30 and 7 days before an upper tier registration expires. */
export function registrationExpiryEmail(r: ExpiryReminder): EmailMessage {
  const when = expiresInText(r.daysLeft).replace(/^Expires/, "expires");
  return renderEmail({
    to: r.to,
    template: "registration_expiry_reminder",
    subject: `Your waste carrier registration ${r.registrationNumber} ${when}`,
    heading: `Your registration ${when}`,
    blocks: [
      {
        p: `The Environment Agency registration of ${r.businessName} (${r.registrationNumber}) expires on ${formatDate(r.expiryDate)}.`,
      },
      {
        details: [
          ["Registration number", r.registrationNumber],
          ["Expiry date", formatDate(r.expiryDate)],
        ],
      },
      { heading: "What happens when it expires" },
      {
        p: "From that day your listing in the directory shows the registration as Expired, and you cannot issue waste transfer notes here until the public register shows it renewed. Carrying waste without a valid registration is an offence.",
      },
      {
        link: {
          before: "Renewing adds 3 years to your registration:",
          label: "renew your registration with the Environment Agency",
          url: RENEW_REGISTRATION_URL,
          after: "(GOV.UK).",
        },
      },
      {
        p: "Once the Environment Agency has renewed it, your listing shows the new expiry date after our next update from the public register.",
      },
    ],
    action: { label: "Open your company dashboard", url: r.dashboardUrl },
    footnote: `You receive this because you manage the listing of ${r.businessName}. We remind carriers 60, 30 and 7 days before a registration expires.`,
  });
}
