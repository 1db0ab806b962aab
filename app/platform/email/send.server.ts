/**
 * The 'email.send' job: sends one outbox message; failures are recorded and retried with backoff.
 * A message the SMTP server refuses for good (a 5xx reply, e.g. an unknown recipient) is failed at
 * once, not retried. Attachments are stored as references and read from storage here (decision
 * 0712). Listeners are told what became of a message (accepted, or failed for good) in the
 * transaction that records it, so a module can show "sent" or "bounced" on its own records.
 */
import type { Database } from "../db/database.server";
import { jobHandler, type JobRegistration } from "../jobs/job-definition.server";
import type { Storage } from "../storage/storage.server";
import { EMAIL_JOB } from "./outbox.server";
import { createMailTransport, type MailConfig, type MailTransport } from "./transport.server";

/** What became of a message: accepted by the server, or failed for good with the reason. */
export type EmailOutcome = { outboxId: string; to: string; template: string; at: Date } & (
  { status: "sent" } | { status: "failed"; reason: string }
);

/** Told of each final outcome inside the transaction that records it on the outbox row. */
export type EmailOutcomeListener = (db: Database, outcome: EmailOutcome) => Promise<void>;

export interface EmailJobOptions {
  /** Where attachments are read from (needed only to send a message that has some). */
  storage?: Storage;
  onOutcome?: EmailOutcomeListener[];
}

/** A failure no retry can mend (the attachment is gone). */
class PermanentEmailError extends Error {}

/** A 5xx SMTP reply refuses the message for good (an unknown recipient, say): no retry. */
export function isPermanentRejection(error: unknown): boolean {
  if (error instanceof PermanentEmailError) return true;
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/** The SMTP server's own words when it gave some ("550 5.1.1 User unknown"), else the message. */
export function failureReason(error: unknown): string {
  const response = (error as { response?: unknown } | null)?.response;
  if (typeof response === "string" && response.trim()) return response.trim().slice(0, 500);
  return error instanceof Error ? error.message : String(error);
}

type StoredAttachment = { filename: string; contentType: string; storageKey: string };

async function readAttachments(storage: Storage | undefined, list: StoredAttachment[] | null) {
  if (!list || list.length === 0) return undefined;
  if (!storage) throw new Error("The e-mail job was given no storage to read attachments from");
  const files = [];
  for (const a of list) {
    const file = await storage.get(a.storageKey);
    if (!file) throw new PermanentEmailError(`The attachment ${a.filename} is no longer stored`);
    files.push({ filename: a.filename, contentType: a.contentType, content: file.body });
  }
  return files;
}

export function createEmailJobHandler(
  transport: MailTransport,
  options: EmailJobOptions = {},
): JobRegistration<typeof EMAIL_JOB.payload>["handler"] {
  return async (payload, { db, log, job }) => {
    const id = payload.outboxId;
    const message = await db.selectFrom("email_outbox").selectAll().where("id", "=", id).executeTakeFirst();
    if (!message) {
      log.warn({ outboxId: id }, "outbox message not found");
      return;
    }
    if (message.status === "sent") return;
    let error: unknown = null;
    try {
      await transport.send({
        id: message.id,
        to: message.to_address,
        subject: message.subject,
        html: message.html,
        text: message.text,
        template: message.template,
        attachments: await readAttachments(options.storage, message.attachments),
      });
    } catch (e) {
      error = e ?? new Error("Sending failed");
    }
    const permanent = error !== null && isPermanentRejection(error);
    const final = error !== null && (permanent || job.attempts >= job.max_attempts);
    const at = new Date();
    const base = { outboxId: id, to: message.to_address, template: message.template, at };
    await db.transaction().execute(async (trx) => {
      const attempts = message.attempts + 1;
      if (error === null) {
        await trx
          .updateTable("email_outbox")
          .set({ status: "sent", sent_at: at, attempts, last_error: null })
          .where("id", "=", id)
          .execute();
        for (const listener of options.onOutcome ?? []) await listener(trx, { ...base, status: "sent" });
        return;
      }
      const reason = failureReason(error);
      await trx
        .updateTable("email_outbox")
        .set({ attempts, last_error: reason, status: final ? "failed" : "queued" })
        .where("id", "=", id)
        .execute();
      if (final)
        for (const listener of options.onOutcome ?? [])
          await listener(trx, { ...base, status: "failed", reason });
    });
    if (error === null) {
      log.info({ outboxId: id, template: message.template }, "e-mail sent");
      return;
    }
    log.error({ err: error, outboxId: id, template: message.template, final }, "e-mail send failed");
    // Refused for good: recorded as failed; retrying cannot help, so the job ends here.
    if (!permanent) throw error;
  };
}

/** The e-mail jobs for server/jobs.ts, sending through the configured transport. */
export function emailJobs(config: MailConfig, options: EmailJobOptions = {}): JobRegistration[] {
  return [jobHandler(EMAIL_JOB, createEmailJobHandler(createMailTransport(config), options))];
}
