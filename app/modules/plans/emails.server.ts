/** The plans' e-mails: an upgrade request to the site's team, and a plan change to the owner. */
import type { EmailMessage } from "~/platform/email/outbox.server";
import { renderEmail } from "~/platform/email/templates.server";
import { periodName, planName, type Period, type Plan } from "./plan-state";
import { formatDate } from "~/platform/dates";

export function upgradeRequestedEmail(input: {
  to: string;
  businessName: string;
  registrationNumber: string;
  ownerEmail: string;
  period: Period;
  message: string | null;
  adminUrl: string;
}): EmailMessage {
  return renderEmail({
    to: input.to,
    subject: `Upgrade request: ${input.businessName} (${input.registrationNumber}) asks for Premium`,
    template: "plan_upgrade_requested",
    heading: "A carrier asks for Premium",
    paragraphs: [
      `${input.businessName} asked to move to the Premium plan. No payment has been taken: change the plan on the Providers screen to handle the request.`,
    ],
    blocks: [
      {
        details: [
          ["Business", input.businessName],
          ["Registration", input.registrationNumber],
          ["Owner", input.ownerEmail, "mailto"],
          ["Period", periodName(input.period)],
        ],
      },
      ...(input.message ? [{ p: "Their message:" }, { quote: input.message }] : []),
    ],
    action: { label: "Open the Providers screen", url: input.adminUrl },
  });
}

export function planChangedEmail(input: {
  to: string;
  businessName: string;
  plan: Plan;
  period: Period;
  freeTrial: boolean;
  endDate: Date | null;
  dashboardUrl: string;
}): EmailMessage {
  const until = input.endDate ? ` until ${formatDate(input.endDate)}` : "";
  const what = input.freeTrial
    ? `a free trial of ${planName(input.plan)}${until}`
    : `${planName(input.plan)} (${periodName(input.period).toLowerCase()})${until}`;
  return renderEmail({
    to: input.to,
    subject: `Your plan for ${input.businessName} is now ${planName(input.plan)}`,
    template: "plan_changed",
    heading: `Your plan is now ${planName(input.plan)}`,
    paragraphs: [
      `We have updated the plan of ${input.businessName}: you are on ${what}.`,
      input.plan === "premium"
        ? "You can write as many waste notes as you need each month."
        : "The Standard plan includes 20 waste notes per calendar month.",
    ],
    action: { label: "Open your dashboard", url: input.dashboardUrl },
  });
}
