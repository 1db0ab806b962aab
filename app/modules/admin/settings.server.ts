/**
 * Admin Settings: the configured register source (with any password in a URL hidden), the daily
 * schedule, the e-mail transport and the outbox's recent state, and a test e-mail queued through
 * the outbox like every other message.
 */
import { sql } from "kysely";
import { isUrl, redactSource } from "~/modules/register-sync/redact-source";
import type { Database } from "~/platform/db/database.server";
import type { Config } from "~/platform/env.server";
import { usesSmtp } from "~/platform/email/transport.server";
import { queueEmail } from "~/platform/email/outbox.server";

export interface AdminSettingsView {
  registerSource: string | null;
  registerSourceKind: "url" | "file" | null;
  dailyAt: string | null;
  staleAfterMinutes: number;
  email: {
    transport: "smtp" | "outbox";
    /** SMTP host (no credentials), or the outbox folder. */
    target: string;
    from: string;
    queued: number;
    failed: number;
    lastSentAt: string | null;
    lastError: string | null;
  };
}

/** The configured source as Settings shows it: without a URL's user:password and query values. */
export function describeSource(source: string | undefined): {
  value: string | null;
  kind: "url" | "file" | null;
} {
  if (!source) return { value: null, kind: null };
  return { value: redactSource(source), kind: isUrl(source) ? "url" : "file" };
}

export async function getAdminSettings(
  db: Database,
  config: Pick<
    Config,
    "REGISTER_SOURCE" | "SYNC_DAILY_AT" | "SYNC_STALE_AFTER_MINUTES" | "SMTP_URL" | "MAIL_FROM" | "dataDir"
  > &
    Partial<Pick<Config, "mailTransport">>,
): Promise<AdminSettingsView> {
  const source = describeSource(config.REGISTER_SOURCE);
  let target = `${config.dataDir}/outbox`;
  if (usesSmtp(config) && config.SMTP_URL) {
    try {
      const u = new URL(config.SMTP_URL);
      target = `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ""}`;
    } catch {
      target = "SMTP";
    }
  }
  const { rows } = await sql<{
    queued: number;
    failed: number;
    last_sent: Date | null;
    last_error: string | null;
  }>`SELECT
    count(*) FILTER (WHERE status = 'queued')::int AS queued,
    count(*) FILTER (WHERE status = 'failed')::int AS failed,
    max(sent_at) AS last_sent,
    (SELECT last_error FROM email_outbox WHERE last_error IS NOT NULL ORDER BY created_at DESC LIMIT 1) AS last_error
    FROM email_outbox`.execute(db);
  const r = rows[0];
  return {
    registerSource: source.value,
    registerSourceKind: source.kind,
    dailyAt: config.SYNC_DAILY_AT && config.REGISTER_SOURCE ? config.SYNC_DAILY_AT : null,
    staleAfterMinutes: config.SYNC_STALE_AFTER_MINUTES,
    email: {
      transport: usesSmtp(config) ? "smtp" : "outbox",
      target,
      from: config.MAIL_FROM,
      queued: r?.queued ?? 0,
      failed: r?.failed ?? 0,
      lastSentAt: r?.last_sent ? new Date(r.last_sent).toISOString() : null,
      lastError: r?.last_error ?? null,
    },
  };
}

export async function sendTestEmail(db: Database, to: string, publicUrl: string): Promise<string> {
  const text = [
    "UK Waste Carrier Directory",
    "",
    "Test e-mail",
    "",
    "This message was sent from Admin Settings to check that e-mail delivery works.",
    "",
    `Sent at ${new Date().toISOString()} from ${publicUrl}.`,
  ].join("\n");
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Test e-mail</title></head><body style="font-family:Arial,Helvetica,sans-serif"><h1 style="font-size:20px">Test e-mail</h1><p>This message was sent from Admin Settings to check that e-mail delivery works.</p></body></html>`;
  return queueEmail(db, {
    to,
    subject: "Test e-mail from the UK Waste Carrier Directory",
    html,
    text,
    template: "admin-test",
  });
}
