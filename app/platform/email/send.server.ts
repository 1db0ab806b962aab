/** The 'email.send' job: sends one outbox message; failures are recorded and retried with backoff. */
import { jobHandler, type JobRegistration } from "../jobs/job-definition";
import { EMAIL_JOB } from "./outbox.server";
import { createMailTransport, type MailConfig, type MailTransport } from "./transport.server";

export function createEmailJobHandler(
  transport: MailTransport,
): JobRegistration<typeof EMAIL_JOB.payload>["handler"] {
  return async (payload, { db, log, job }) => {
    const id = payload.outboxId;
    const message = await db.selectFrom("email_outbox").selectAll().where("id", "=", id).executeTakeFirst();
    if (!message) {
      log.warn({ outboxId: id }, "outbox message not found");
      return;
    }
    if (message.status === "sent") return;
    try {
      await transport.send({
        id: message.id,
        to: message.to_address,
        subject: message.subject,
        html: message.html,
        text: message.text,
        template: message.template,
      });
    } catch (error) {
      const final = job.attempts >= job.max_attempts;
      await db
        .updateTable("email_outbox")
        .set({
          attempts: message.attempts + 1,
          last_error: error instanceof Error ? error.message : String(error),
          status: final ? "failed" : "queued",
        })
        .where("id", "=", id)
        .execute();
      log.error({ err: error, outboxId: id, template: message.template, final }, "e-mail send failed");
      throw error;
    }
    await db
      .updateTable("email_outbox")
      .set({ status: "sent", sent_at: new Date(), attempts: message.attempts + 1, last_error: null })
      .where("id", "=", id)
      .execute();
    log.info({ outboxId: id, template: message.template }, "e-mail sent");
  };
}

/** The e-mail jobs for server/jobs.ts, sending through the configured transport. */
export function emailJobs(config: MailConfig): JobRegistration[] {
  return [jobHandler(EMAIL_JOB, createEmailJobHandler(createMailTransport(config)))];
}
