/**
 * The claims area's own e-mail (the rejection notice), in the same branded layout as the
 * platform's templates. Everything interpolated is escaped.
 */
import { escapeHtml } from "~/platform/email/templates.server";
import type { EmailMessage } from "~/platform/email/outbox.server";

const BRAND = "UK Waste Carrier Directory";
const GREEN = "#15803d";

export function claimRejectedEmail(input: { to: string; businessName: string; notes: string | null; registerUrl: string; contactUrl: string }): EmailMessage {
  const subject = `Your claim for ${input.businessName} was not approved`;
  const paragraphs = [
    `We have reviewed your claim for ${input.businessName} and could not approve it.`,
    ...(input.notes ? [`Our reviewer's notes: ${input.notes}`] : []),
    "If you think this is a mistake, or you can send us more evidence that you run this business, please contact us. You can also submit a new claim.",
  ];
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${GREEN};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${BRAND}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px">Your claim was not approved</h1>
${paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5;white-space:pre-line">${escapeHtml(p)}</p>`).join("")}
<p style="margin:24px 0"><a href="${escapeHtml(input.contactUrl)}" style="display:inline-block;background:${GREEN};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:6px">Contact us</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">Start a new claim: <a href="${escapeHtml(input.registerUrl)}" style="color:${GREEN}">${escapeHtml(input.registerUrl)}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;background:#f8fafc;font-size:12px;color:#64748b">${BRAND}: the directory of Environment Agency registered waste carriers.</td></tr>
</table></td></tr></table></body></html>`;
  const text = [BRAND, "", "Your claim was not approved", "", ...paragraphs.flatMap((p) => [p, ""]), `Contact us: ${input.contactUrl}`, `Start a new claim: ${input.registerUrl}`, "", `-- ${BRAND}`].join("\n");
  return { to: input.to, subject, html, text, template: "claim_rejected" };
}
