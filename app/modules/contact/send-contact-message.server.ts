/**
 * A contact page message: stored (admins read it at /admin/messages) and e-mailed to the site's
 * contact address through the outbox, in one transaction. Visitor text is escaped in the e-mail
 * (the platform's layout escapes every string); the visitor is not e-mailed.
 */
import { notifyAdmins, type NotifyConfig } from "~/modules/admin-notifications/notify-admins.server";
import type { Database } from "~/platform/db/database.server";
import { queueEmail } from "~/platform/email/outbox.server";
import { renderEmail } from "~/platform/email/templates.server";
import type { Logger } from "~/platform/logger.server";
import { formAllowed, ignoredAsBot } from "../leads/visitor-form.server";
import type { ContactInput } from "./contact-schema";

export type ContactResult =
  { status: "sent"; id: string } | { status: "ignored" } | { status: "rate-limited" };

export async function sendContactMessage(
  { db, log }: { db: Database; log: Logger },
  config: { CONTACT_EMAIL: string; publicUrl: string } & NotifyConfig,
  args: { input: ContactInput; honeypot: FormDataEntryValue | null; ip: string },
): Promise<ContactResult> {
  if (ignoredAsBot(log, "contact", args.honeypot)) return { status: "ignored" };
  if (!(await formAllowed(db, "contact", args.ip))) return { status: "rate-limited" };
  const { input } = args;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("contact_messages")
      .values(input)
      .returning("id")
      .executeTakeFirstOrThrow();
    const subject = `Contact form: ${input.subject}`;
    await queueEmail(
      trx,
      renderEmail({
        to: config.CONTACT_EMAIL,
        subject,
        template: "contact_message",
        heading: subject,
        blocks: [
          {
            details: [
              ["From", input.name],
              ["Email", input.email, "mailto"],
            ],
          },
          { quote: input.message },
          {
            link: {
              before: "Reply to the sender by email. The message is also kept in the admin area:",
              label: "all messages",
              url: `${config.publicUrl}/admin/messages`,
            },
          },
        ],
      }),
    );
    await notifyAdmins(trx, config, {
      kind: "message",
      title: `${input.subject}, from ${input.name}`,
      path: "/admin/messages",
    });
    return { status: "sent" as const, id: row.id };
  });
}
