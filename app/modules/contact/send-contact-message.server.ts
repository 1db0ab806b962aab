/**
 * A contact page message: stored (admins read it at /admin/messages) and e-mailed to the site's
 * contact address through the outbox, in one transaction. Visitor text is escaped in the e-mail.
 */
import type { Database } from "~/platform/db/database.server";
import { queueEmail } from "~/platform/email/outbox.server";
import { escapeHtml } from "~/platform/email/templates.server";
import type { Logger } from "~/platform/logger.server";
import { hit } from "~/platform/rate-limit.server";
import { FORM_LIMITS, formLimitKey } from "../leads/rate-limits";
import type { ContactInput } from "./contact-schema";

export type ContactResult = { status: "sent"; id: string } | { status: "ignored" } | { status: "rate-limited" };

export async function sendContactMessage(
  { db, log }: { db: Database; log: Logger },
  config: { CONTACT_EMAIL: string; publicUrl: string },
  args: { input: ContactInput; honeypot: FormDataEntryValue | null; ip: string },
): Promise<ContactResult> {
  if (typeof args.honeypot === "string" && args.honeypot.trim() !== "") {
    log.info({ form: "contact" }, "honeypot filled; submission ignored");
    return { status: "ignored" };
  }
  if (!(await hit(db, formLimitKey("contact", args.ip), FORM_LIMITS.contact)).allowed) return { status: "rate-limited" };
  const { input } = args;
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto("contact_messages").values(input).returning("id").executeTakeFirstOrThrow();
    const subject = `Contact form: ${input.subject}`;
    const adminUrl = `${config.publicUrl}/admin/messages`;
    await queueEmail(trx, {
      to: config.CONTACT_EMAIL,
      subject,
      template: "contact_message",
      html: `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p><strong>From:</strong> ${escapeHtml(input.name)} &lt;<a href="mailto:${escapeHtml(input.email)}">${escapeHtml(input.email)}</a>&gt;</p>
<p style="white-space:pre-line;background:#f8fafc;border-left:4px solid #15803d;padding:12px">${escapeHtml(input.message)}</p>
<p><a href="${escapeHtml(adminUrl)}">All messages in the admin area</a></p>
</body></html>`,
      text: [subject, "", `From: ${input.name} <${input.email}>`, "", input.message, "", `All messages: ${adminUrl}`].join("\n"),
    });
    return { status: "sent" as const, id: row.id };
  });
}
