/**
 * The e-mail outbox: every message is stored in `email_outbox` and an 'email.send' job is queued
 * in the same transaction, so a message exists exactly when the work that caused it committed.
 * The job runner sends it (see send.server.ts) with retries; nothing is lost on failure.
 */
import { z } from "zod";
import type { Database } from "../db/database.server";
import { defineJob, JOB_PRIORITY } from "../jobs/job-definition.server";
import { enqueueJob } from "../jobs/queue.server";

/** Sends one outbox message (send.server.ts); urgent, because people wait for their links. */
export const EMAIL_JOB = defineJob({
  type: "email.send",
  payload: z.strictObject({ outboxId: z.uuid() }),
  priority: JOB_PRIORITY.urgent,
  maxAttempts: 8,
});

/**
 * A file sent with a message, as a reference to stored bytes (decision 0712): the outbox keeps the
 * storage key, and the sending job reads the file when it sends.
 */
export interface EmailAttachment {
  filename: string;
  contentType: string;
  storageKey: string;
}

export interface EmailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Which template produced it (for the mailbox page and logs). */
  template: string;
  attachments?: EmailAttachment[];
}

export async function queueEmail(db: Database, message: EmailMessage): Promise<string> {
  const work = async (trx: Database) => {
    const row = await trx
      .insertInto("email_outbox")
      .values({
        to_address: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        template: message.template,
        attachments: JSON.stringify(message.attachments ?? []),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await enqueueJob(trx, EMAIL_JOB, { outboxId: row.id });
    return row.id;
  };
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  template: string;
  status: "queued" | "sent" | "failed";
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/** The latest messages, newest first (the development mailbox page), only to `to` when given. */
export async function listOutbox(db: Database, limit = 50, to?: string): Promise<OutboxEntry[]> {
  let query = db
    .selectFrom("email_outbox")
    .select([
      "id",
      "to_address",
      "subject",
      "text",
      "template",
      "status",
      "attempts",
      "last_error",
      "created_at",
      "sent_at",
    ])
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(limit);
  if (to) query = query.where("to_address", "=", to);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    text: r.text,
    template: r.template,
    status: r.status,
    attempts: r.attempts,
    lastError: r.last_error,
    createdAt: r.created_at,
    sentAt: r.sent_at,
  }));
}

export async function getOutboxHtml(db: Database, id: string): Promise<string | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const row = await db.selectFrom("email_outbox").select("html").where("id", "=", id).executeTakeFirst();
  return row?.html ?? null;
}
