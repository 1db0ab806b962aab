/**
 * Where messages go: SMTP through nodemailer (MAIL_TRANSPORT=smtp, the default with SMTP_URL); otherwise each message is
 * written as an .eml file to DATA_DIR/outbox (and listed at /dev/mailbox outside production).
 * A message goes to exactly one recipient: its `to` must be one address by the one rule
 * (`isEmailAddress`), and is handed to nodemailer as an address, never as text it would read as a
 * list, a display name or a comment (decision 0259).
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { isEmailAddress } from "../email-address";
import type { Config } from "../env.server";
import type { EmailMessage } from "./outbox.server";

/** A message as sent: its attachments read from storage (the outbox holds only their keys). */
type OutboxMessage = Omit<EmailMessage, "attachments"> & {
  id: string;
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
};

export interface MailTransport {
  send(message: OutboxMessage): Promise<void>;
  close(): void;
}

export type MailConfig = Pick<Config, "SMTP_URL" | "MAIL_FROM" | "dataDir"> &
  Partial<Pick<Config, "mailTransport">>;

/** SMTP when chosen (MAIL_TRANSPORT=smtp, the default when SMTP_URL is set) and configured. */
export function usesSmtp(config: Pick<Config, "SMTP_URL"> & Partial<Pick<Config, "mailTransport">>): boolean {
  return !!config.SMTP_URL && (config.mailTransport ?? "smtp") === "smtp";
}

/**
 * An outbox message whose `to` is not one address (decision 0259): nothing is sent. It carries
 * SMTP's own code for that, 553 "mailbox name not allowed", so the e-mail job fails the message
 * for good at once, as it does a server's refusal (`isPermanentRejection`), with this reason.
 */
export class InvalidRecipientError extends Error {
  readonly responseCode = 553;
  readonly response: string;
  constructor(to: string) {
    const message = `553 5.1.3 Not one valid e-mail address: ${JSON.stringify(to.slice(0, 300))}`;
    super(message);
    this.name = "InvalidRecipientError";
    this.response = message;
  }
}

/** What nodemailer sends for an outbox message, by either transport. */
function mailOf(config: MailConfig, m: OutboxMessage) {
  if (!isEmailAddress(m.to)) throw new InvalidRecipientError(m.to);
  return {
    from: config.MAIL_FROM,
    // An address object: nodemailer takes it as it is (a string it would parse as a list).
    to: { name: "", address: m.to },
    subject: m.subject,
    html: m.html,
    text: m.text,
    headers: { "X-Outbox-Id": m.id },
    attachments: m.attachments,
  };
}

export function createMailTransport(config: MailConfig): MailTransport {
  if (usesSmtp(config) && config.SMTP_URL) {
    const transporter = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(m) {
        await transporter.sendMail(mailOf(config, m));
      },
      close: () => transporter.close(),
    };
  }
  const dir = path.join(config.dataDir, "outbox");
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(m) {
      const info = await transporter.sendMail(mailOf(config, m));
      await fs.mkdir(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      await fs.writeFile(path.join(dir, `${stamp}-${m.id}.eml`), info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}
