/** The admin console's own e-mails (administrators added), in the platform's branded layout. */
import type { EmailMessage } from "~/platform/email/outbox.server";
import { formatDate } from "~/platform/dates";
import { renderEmail } from "~/platform/email/templates.server";
import { SITE_NAME } from "~/platform/brand";

/** To an address with no account in use: set a password to start (7-day, single-use link). */
export function adminInvitationEmail(input: {
  to: string;
  url: string;
  expiresAt: Date;
  invitedBy: string;
}): EmailMessage {
  return renderEmail({
    to: input.to,
    template: "admin_invite",
    subject: `You're invited to administer the ${SITE_NAME}`,
    heading: "You have been made an administrator",
    paragraphs: [
      `${input.invitedBy} has added you as an administrator of the ${SITE_NAME}: you will review claims, leads and register updates.`,
      `Set your password to create your account and sign in. The link works once and expires on ${formatDate(input.expiresAt)}; if it expires, ask an administrator to send a new one, or use "Forgot your password?" on the sign-in page.`,
      "Administrators are asked to turn on two-step verification after signing in.",
    ],
    action: { label: "Set your password", url: input.url },
    footnote:
      "If you were not expecting this email, you can ignore it: no account is usable until a password is set.",
  });
}

/** To an address whose account is already in use: it now has administrator access. */
export function adminGrantedEmail(input: { to: string; loginUrl: string; invitedBy: string }): EmailMessage {
  return renderEmail({
    to: input.to,
    template: "admin_granted",
    subject: `You are now an administrator of the ${SITE_NAME}`,
    heading: "You are now an administrator",
    paragraphs: [
      `${input.invitedBy} has made your account an administrator of the ${SITE_NAME}.`,
      "Sign in with your usual email and password: you will go to the admin area. Administrators are asked to turn on two-step verification.",
    ],
    action: { label: "Sign in", url: input.loginUrl },
    footnote: "If you did not expect this, tell the person who added you: they can remove your access.",
  });
}
