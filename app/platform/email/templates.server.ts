/**
 * Branded e-mail templates, each as HTML and plain text. Everything interpolated is escaped.
 */
import type { EmailMessage } from "./outbox.server";
import { SITE_NAME } from "~/platform/brand";
import { cleanLine } from "~/platform/one-line";

const GREEN = "#15803d";

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** A piece of an e-mail's body, in order. Every string is escaped. */
export type EmailBlock =
  | { p: string }
  | { heading: string }
  /** Label and value rows ("Name: Ada"); `mailto` values become links. */
  | { details: Array<[label: string, value: string, kind?: "mailto"]> }
  /** What someone wrote, kept as they wrote it (line breaks kept). */
  | { quote: string }
  /** A link in the text, with words before it. */
  | { link: { before?: string; label: string; url: string; after?: string } };

export interface EmailLayout {
  to: string;
  subject: string;
  template: string;
  heading: string;
  /** Paragraphs, or richer blocks (`blocks` come after `paragraphs`). */
  paragraphs?: string[];
  blocks?: EmailBlock[];
  action?: { label: string; url: string };
  footnote?: string;
}

const P = 'style="margin:0 0 16px;line-height:1.5"';

function blockHtml(b: EmailBlock): string {
  if ("p" in b) return `<p ${P}>${escapeHtml(b.p)}</p>`;
  if ("heading" in b) return `<h2 style="margin:16px 0 8px;font-size:16px">${escapeHtml(b.heading)}</h2>`;
  if ("quote" in b) {
    return `<p style="margin:0 0 16px;line-height:1.5;white-space:pre-line;background:#f8fafc;border-left:4px solid ${GREEN};padding:12px">${escapeHtml(b.quote)}</p>`;
  }
  if ("details" in b) {
    const rows = b.details
      .map(([k, v, kind]) => {
        const value =
          kind === "mailto"
            ? `<a href="mailto:${escapeHtml(v)}" style="color:${GREEN}">${escapeHtml(v)}</a>`
            : escapeHtml(v);
        return `<tr><th align="left" style="padding:6px 12px 6px 0;color:#475569;font-weight:bold;vertical-align:top">${escapeHtml(k)}</th><td style="padding:6px 0">${value}</td></tr>`;
      })
      .join("");
    return `<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 16px">${rows}</table>`;
  }
  const { before, label, url, after } = b.link;
  return `<p ${P}>${before ? `${escapeHtml(before)} ` : ""}<a href="${escapeHtml(url)}" style="color:${GREEN};font-weight:bold">${escapeHtml(label)}</a>${after ? ` ${escapeHtml(after)}` : ""}</p>`;
}

function blockText(b: EmailBlock): string[] {
  if ("p" in b) return [b.p, ""];
  if ("heading" in b) return [b.heading, ""];
  if ("quote" in b) return [b.quote, ""];
  if ("details" in b) return [...b.details.map(([k, v]) => `${k}: ${v}`), ""];
  const { before, label, url, after } = b.link;
  return [`${before ? `${before} ` : ""}${label}: ${url}${after ? ` ${after}` : ""}`, ""];
}

/** The one branded layout every e-mail uses: HTML and plain text from the same blocks. */
export function renderEmail(l: EmailLayout): EmailMessage {
  const blocks: EmailBlock[] = [...(l.paragraphs ?? []).map((p) => ({ p })), ...(l.blocks ?? [])];
  const body = blocks.map(blockHtml).join("");
  const button = l.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(l.action.url)}" style="display:inline-block;background:${GREEN};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">${escapeHtml(l.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(l.action.url)}" style="color:${GREEN};word-break:break-all">${escapeHtml(l.action.url)}</a></p>`
    : "";
  const foot = l.footnote
    ? `<p style="margin:16px 0 0;font-size:13px;color:#475569">${escapeHtml(l.footnote)}</p>`
    : "";
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(l.subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${GREEN};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${SITE_NAME}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(l.heading)}</h1>
${body}${button}${foot}
</td></tr>
<tr><td style="padding:16px 24px;background:#f8fafc;font-size:12px;color:#64748b">${SITE_NAME}: the directory of Environment Agency registered waste carriers.</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    SITE_NAME,
    "",
    l.heading,
    "",
    ...blocks.flatMap(blockText),
    ...(l.action ? [`${l.action.label}: ${l.action.url}`, ""] : []),
    ...(l.footnote ? [l.footnote, ""] : []),
    `-- ${SITE_NAME}`,
  ].join("\n");
  // A subject is one line that shows what it says, whatever names went into it (stored before
  // the one-line rule, or from the register): decision 0275.
  return { to: l.to, subject: cleanLine(l.subject), html, text, template: l.template };
}

const render = renderEmail;

export function confirmationEmail(to: string, url: string): EmailMessage {
  return render({
    to,
    template: "confirm_email",
    subject: "Confirm your email address",
    heading: "Confirm your email address",
    paragraphs: [
      `Thanks for registering with the ${SITE_NAME}.`,
      "Please confirm your email address before you sign in. The link works once and expires in 1 hour.",
    ],
    action: { label: "Confirm email address", url },
    footnote: "If you did not create an account, you can ignore this email.",
  });
}

export function passwordResetEmail(to: string, url: string): EmailMessage {
  return render({
    to,
    template: "reset_password",
    subject: "Reset your password",
    heading: "Reset your password",
    paragraphs: [
      "We received a request to reset the password for your account.",
      "Use the link below to choose a new password. It works once and expires in 1 hour.",
    ],
    action: { label: "Set a new password", url },
    footnote: "If you did not ask for this, you can ignore this email: your password has not changed.",
  });
}

export function invitationEmail(to: string, url: string, businessName?: string | null): EmailMessage {
  return render({
    to,
    template: "invite",
    subject: businessName
      ? `Your listing for ${businessName} is approved`
      : `You're invited to the ${SITE_NAME}`,
    heading: businessName ? "Your business listing is approved" : "You have been invited",
    paragraphs: [
      businessName
        ? `Good news: your claim for ${businessName} has been approved and your company account is ready.`
        : `An account has been created for you on the ${SITE_NAME}.`,
      "Set your password to sign in. The link works once and expires in 7 days.",
    ],
    action: { label: "Set your password", url },
    footnote: "If you were not expecting this email, you can ignore it.",
  });
}

export function passwordChangedEmail(to: string, loginUrl: string, resetUrl: string): EmailMessage {
  return render({
    to,
    template: "password_changed",
    subject: "Your password was changed",
    heading: "Your password was changed",
    paragraphs: [
      "The password for your account was just changed, and any other signed-in devices were signed out.",
      `If this wasn't you, reset your password straight away at ${resetUrl} and contact us.`,
    ],
    action: { label: "Sign in", url: loginUrl },
  });
}

export function twoFactorChangedEmail(to: string, enabled: boolean, securityUrl: string): EmailMessage {
  return render({
    to,
    template: enabled ? "two_factor_enabled" : "two_factor_disabled",
    subject: enabled ? "Two-factor authentication turned on" : "Two-factor authentication turned off",
    heading: enabled ? "Two-factor authentication is on" : "Two-factor authentication is off",
    paragraphs: [
      enabled
        ? "Signing in to your account now needs a code from your authenticator app."
        : "Signing in to your account no longer needs a code from your authenticator app.",
      "If this wasn't you, reset your password and contact us straight away.",
    ],
    action: { label: "Review account security", url: securityUrl },
  });
}

export function claimApprovedEmail(to: string, loginUrl: string, businessName?: string | null): EmailMessage {
  return render({
    to,
    template: "claim_approved",
    subject: businessName ? `Your listing for ${businessName} is approved` : "Your listing is approved",
    heading: "Your business listing is approved",
    paragraphs: [
      businessName
        ? `Good news: your claim for ${businessName} has been approved.`
        : "Good news: your claim has been approved.",
      "Sign in with your email and password to manage your listing.",
    ],
    action: { label: "Sign in", url: loginUrl },
  });
}

export function secondFactorFailuresEmail(
  to: string,
  failures: number,
  resetUrl: string,
  securityUrl: string,
): EmailMessage {
  return render({
    to,
    template: "two_factor_failures",
    subject: "Wrong two-step codes entered for your account",
    heading: "Someone failed your two-step code",
    paragraphs: [
      `Someone entered your password correctly but then failed the two-step code ${failures} times.`,
      "If that was you, there is nothing to do: wait a few minutes and sign in again with a new code from your authenticator app.",
      "If that wasn't you, someone else knows your password: change your password now. Your two-step code is still protecting the account, and further attempts are being slowed down.",
    ],
    action: { label: "Change your password", url: resetUrl },
    footnote: `Once you are signed in, you can review your account security at ${securityUrl}`,
  });
}

export function claimForExistingAccountEmail(
  to: string,
  input: {
    businessName: string;
    loginUrl: string;
    resetUrl: string;
    contactUrl: string;
    /** The listing the account already manages, or has a pending claim for (decision 0254). */
    otherListing?: { businessName: string; registrationNumber: string; verified: boolean } | null;
  },
): EmailMessage {
  const other = input.otherListing;
  if (other) {
    // An account manages one listing: this claim cannot be approved for it as it is.
    const has = other.verified
      ? `it already manages ${other.businessName} (${other.registrationNumber})`
      : `it already has a claim for ${other.businessName} (${other.registrationNumber}) waiting for review`;
    return render({
      to,
      template: "claim_existing_account",
      subject: `Your claim for ${input.businessName}`,
      heading: "Your account already has a listing",
      paragraphs: [
        `A claim for ${input.businessName} was just submitted with this email address. You already have an account with us, and ${has}.`,
        `One account manages one listing, so we cannot approve this claim for your account. If you want to manage ${input.businessName} as well, contact us and we will help you.`,
      ],
      action: { label: "Contact us", url: input.contactUrl },
      footnote: `If you did not make this claim, please tell us at ${input.contactUrl} and we will not approve it.`,
    });
  }
  return render({
    to,
    template: "claim_existing_account",
    subject: `Your claim for ${input.businessName}`,
    heading: "You already have an account",
    paragraphs: [
      `A claim for ${input.businessName} was just submitted with this email address. You already have an account with us, so the claim has been added to it and is waiting for review (claim review takes 1 to 2 business days).`,
      "Sign in to see your claim, with the password of your existing account: the password typed in the claim form was not used.",
      `Forgotten your password? Choose a new one at ${input.resetUrl}`,
    ],
    action: { label: "Sign in to see your claim", url: input.loginUrl },
    footnote: `If you did not make this claim, please tell us at ${input.contactUrl} and we will not approve it.`,
  });
}

export function reviewAlreadySubmittedEmail(
  to: string,
  businessName: string,
  profileUrl: string,
): EmailMessage {
  return render({
    to,
    template: "review_already_submitted",
    subject: `You have already reviewed ${businessName}`,
    heading: "You have already reviewed this business",
    paragraphs: [
      `Someone, probably you, has just sent a review of ${businessName} with this email address.`,
      "Each inbox can review a business once (addresses that differ only by a +tag, or for Gmail by dots, reach one inbox), and this one already has: we kept the first review and did not store the new one.",
      "If this wasn't you, you can ignore this email: nothing has changed.",
    ],
    action: { label: `See ${businessName}`, url: profileUrl },
  });
}

/**
 * The link that confirms a review (decision 0250). It carries none of the visitor's words: the
 * address is one anyone can type, so the review is read on the page the link opens.
 */
export function reviewConfirmationEmail(
  to: string,
  input: { businessName: string; url: string; days: number },
): EmailMessage {
  return render({
    to,
    template: "review_confirmation",
    subject: `Confirm your review of ${input.businessName}`,
    heading: "Confirm your review",
    paragraphs: [
      `Someone, probably you, has just written a review of ${input.businessName} with this email address.`,
      `We only check and show a review once its writer has confirmed it. Open the link below to read the review and confirm it. The link works once and expires in ${input.days} days.`,
    ],
    action: { label: "Read and confirm your review", url: input.url },
    footnote:
      "If you did not write this review, you can ignore this email: the review will not be shown, and it is deleted when the link expires.",
  });
}
