/**
 * 'New Quote Request from {name}' for the provider: the customer's details, the message and a
 * link to the photo (which opens only for the provider's own signed-in account or an admin).
 * Everything the visitor typed is escaped.
 */
import { escapeHtml } from "~/platform/email/templates.server";
import type { EmailMessage } from "~/platform/email/outbox.server";

const GREEN = "#15803d";
const BRAND = "UK Waste Carrier Directory";

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
  const rows: [string, string][] = [
    ["Name", args.name],
    ["Email", args.email],
    ["Phone", args.phone || "Not provided"],
    ["Postcode", args.postcode || "Not provided"],
    ["Service", args.serviceType || "Not specified"],
  ];
  const subject = `New Quote Request from ${args.name}`;
  const table = rows
    .map(
      ([k, v]) =>
        `<tr><th align="left" style="padding:6px 12px 6px 0;color:#475569;font-weight:bold;vertical-align:top">${escapeHtml(k)}</th><td style="padding:6px 0">${
          k === "Email" ? `<a href="mailto:${escapeHtml(v)}" style="color:${GREEN}">${escapeHtml(v)}</a>` : escapeHtml(v)
        }</td></tr>`,
    )
    .join("");
  const image = args.imageUrl
    ? `<p style="margin:16px 0"><a href="${escapeHtml(args.imageUrl)}" style="color:${GREEN};font-weight:bold">View the customer's photo</a> (sign in to your ${BRAND} account to open it)</p>`
    : `<p style="margin:16px 0;color:#475569">No photo was attached.</p>`;
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:${GREEN};color:#ffffff;padding:16px 24px;font-size:18px;font-weight:bold">${BRAND}</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px;line-height:1.5">A customer has requested a quote from ${escapeHtml(args.businessName)} through your listing.</p>
<h2 style="margin:0 0 8px;font-size:16px">Customer details</h2>
<table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px">${table}</table>
<h2 style="margin:16px 0 8px;font-size:16px">Message</h2>
<p style="margin:0;line-height:1.5;white-space:pre-line;background:#f8fafc;border-left:4px solid ${GREEN};padding:12px">${escapeHtml(args.message)}</p>
${image}
<p style="margin:16px 0 0;font-size:13px;color:#475569">Reply to the customer directly at the email address above. You can turn these emails off in your <a href="${escapeHtml(args.dashboardUrl)}" style="color:${GREEN}">company dashboard</a>.</p>
</td></tr>
<tr><td style="padding:16px 24px;background:#f8fafc;font-size:12px;color:#64748b">${BRAND}: the directory of Environment Agency registered waste carriers.</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    BRAND,
    "",
    subject,
    "",
    `A customer has requested a quote from ${args.businessName} through your listing.`,
    "",
    ...rows.map(([k, v]) => `${k}: ${v}`),
    "",
    "Message:",
    args.message,
    "",
    args.imageUrl ? `Photo (sign in to open): ${args.imageUrl}` : "No photo was attached.",
    "",
    `Turn these emails off in your company dashboard: ${args.dashboardUrl}`,
    "",
    `-- ${BRAND}`,
  ].join("\n");
  return { to: args.to, subject, html, text, template: "quote_request" };
}
