/** The providers' e-mails to owners: suspended, reinstated, and an owner change (both owners). */
import { SITE_NAME } from "~/platform/brand";
import type { EmailMessage } from "~/platform/email/outbox.server";
import { renderEmail, type EmailLayout } from "~/platform/email/templates.server";

interface ListingMail {
  to: string;
  businessName: string;
  registrationNumber: string;
}

/** To the owner: the listing is suspended or reinstated, with the admin's words. */
function listingStateEmail(
  input: ListingMail,
  state: "suspended" | "reinstated",
  body: Pick<EmailLayout, "paragraphs" | "blocks" | "action">,
) {
  return renderEmail({
    to: input.to,
    subject: `Your listing for ${input.businessName} is ${state}`,
    template: `provider_${state}`,
    heading: `Your listing is ${state}`,
    ...body,
  });
}

export function providerSuspendedEmail(input: ListingMail & { reason: string; contactUrl: string }) {
  return listingStateEmail(input, "suspended", {
    paragraphs: [
      `We have suspended the listing of ${input.businessName} (${input.registrationNumber}) on the ${SITE_NAME}. Until it is reinstated, your profile shows only the public register's details: your own details, logo and Premium features are hidden.`,
    ],
    blocks: [
      { p: "The reason:" },
      { quote: input.reason },
      { p: "If you think this is a mistake, or once you have dealt with it, please contact us." },
    ],
    action: { label: "Contact us", url: input.contactUrl },
  });
}

export function providerReinstatedEmail(input: ListingMail & { reason: string; dashboardUrl: string }) {
  return listingStateEmail(input, "reinstated", {
    paragraphs: [
      `The listing of ${input.businessName} (${input.registrationNumber}) shows your own details on the ${SITE_NAME} again.`,
    ],
    blocks: [{ p: "Our note:" }, { quote: input.reason }],
    action: { label: "Open your dashboard", url: input.dashboardUrl },
  });
}

/** To the new owner: the listing is theirs to manage, and how to sign in. */
function newOwnerEmail(
  input: ListingMail,
  how: { template: string; step: string; action: { label: string; url: string } },
): EmailMessage {
  return renderEmail({
    to: input.to,
    subject: `You now manage ${input.businessName}`,
    template: how.template,
    heading: "You now manage a business listing",
    paragraphs: [
      `An administrator of the ${SITE_NAME} has made you the owner of the listing of ${input.businessName} (${input.registrationNumber}).`,
      how.step,
    ],
    action: how.action,
    footnote: "If you were not expecting this email, please contact us.",
  });
}

/** To the new owner whose account is not in use yet: set a password to manage the listing. */
export function ownerInvitationEmail(input: ListingMail & { url: string }): EmailMessage {
  return newOwnerEmail(input, {
    template: "provider_owner_invitation",
    step: "Set your password to sign in and manage it. The link works once and expires in 7 days.",
    action: { label: "Set your password", url: input.url },
  });
}

/** To the new owner whose account already works: sign in. */
export function ownerNoticeEmail(input: ListingMail & { loginUrl: string }): EmailMessage {
  return newOwnerEmail(input, {
    template: "provider_owner_notice",
    step: "Sign in with your email and password to manage it.",
    action: { label: "Sign in", url: input.loginUrl },
  });
}

/** To the previous owner: the listing is no longer theirs to manage. */
export function ownerRemovedEmail(input: ListingMail & { contactUrl: string }): EmailMessage {
  return renderEmail({
    to: input.to,
    subject: `You no longer manage ${input.businessName}`,
    template: "provider_owner_removed",
    heading: "You no longer manage this listing",
    paragraphs: [
      `An administrator of the ${SITE_NAME} has given the listing of ${input.businessName} (${input.registrationNumber}) to another account. You no longer have access to its company area.`,
    ],
    blocks: [{ p: "If you think this is a mistake, please contact us." }],
    action: { label: "Contact us", url: input.contactUrl },
  });
}
