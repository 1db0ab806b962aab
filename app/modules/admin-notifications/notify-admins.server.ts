/**
 * Admins are e-mailed about new claims, carrier reports and contact messages (issue 20, item 5;
 * decision 0803). The code that stores such an event calls `notifyAdmins` in the same
 * transaction: the event waits in admin_notifications and one job per batch window sends it
 * (send-admin-notifications.server.ts), so ten claims in two minutes are one e-mail, not ten.
 */
import { defineJob, JOB_PRIORITY, triggerOnlyPayload } from "~/platform/jobs/job-definition.server";
import { enqueueJob } from "~/platform/jobs/queue.server";
import type { Database } from "~/platform/db/database.server";
import type { AdminNotificationsTable } from "~/platform/db/schema";

export type AdminEventKind = AdminNotificationsTable["kind"];

export interface AdminEvent {
  kind: AdminEventKind;
  /** One line naming the event, e.g. "Acme Waste Ltd (CBDU123456), from Ada Lovelace". */
  title: string;
  /** Where the admin deals with it: an /admin/... path. */
  path: `/admin/${string}`;
}

export interface NotifyConfig {
  /** How long a batch gathers events (ADMIN_NOTIFY_DELAY_SECONDS; DEFAULT_NOTIFY_DELAY_SECONDS unset). */
  ADMIN_NOTIFY_DELAY_SECONDS?: number;
}

/** Two minutes: a burst of claims or reports is one e-mail, and none waits long. */
export const DEFAULT_NOTIFY_DELAY_SECONDS = 120;

export const ADMIN_NOTIFY_JOB = defineJob({
  type: "admin.notify",
  payload: triggerOnlyPayload,
  priority: JOB_PRIORITY.normal,
  maxAttempts: 5,
});

const TITLE_MAX = 300;

/** Keeps one line: no control characters, at most TITLE_MAX characters. */
function oneLine(text: string): string {
  const line = text
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

/** The end of the batch window `now` falls in: the time its job runs and the job's unique key. */
export function batchWindowEnd(now: Date, delaySeconds: number): Date {
  const ms = Math.max(1, delaySeconds) * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms + ms);
}

/** Queues the batch job of the window `now` falls in, once (later events of the window join it). */
export async function enqueueAdminBatch(db: Database, config: NotifyConfig, now = new Date()): Promise<void> {
  const runAt = batchWindowEnd(now, config.ADMIN_NOTIFY_DELAY_SECONDS ?? DEFAULT_NOTIFY_DELAY_SECONDS);
  await enqueueJob(db, ADMIN_NOTIFY_JOB, {}, { runAt, uniqueKey: `admin-notify:${runAt.toISOString()}` });
}

/** Stores the event for the admins' next batch e-mail; call it inside the event's own transaction. */
export async function notifyAdmins(
  trx: Database,
  config: NotifyConfig,
  event: AdminEvent,
  now = new Date(),
): Promise<void> {
  await trx
    .insertInto("admin_notifications")
    .values({ kind: event.kind, title: oneLine(event.title), path: event.path })
    .execute();
  await enqueueAdminBatch(trx, config, now);
}
