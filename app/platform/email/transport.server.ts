/**
 * Where messages go: SMTP through nodemailer (MAIL_TRANSPORT=smtp, the default with SMTP_URL); otherwise each message is
 * written as an .eml file to DATA_DIR/outbox (and listed at /dev/mailbox outside production).
 */
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
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

/** What nodemailer sends for an outbox message, by either transport. */
function mailOf(config: MailConfig, m: OutboxMessage) {
  return {
    from: config.MAIL_FROM,
    to: m.to,
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
