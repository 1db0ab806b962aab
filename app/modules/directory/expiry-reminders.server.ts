/**
 * The daily expiry reminders (listed in server/jobs.ts): the owner of each verified claimed
 * listing whose upper tier registration expires within 60 days is e-mailed 60, 30 and 7 days
 * before it expires. Once per threshold per expiry date (registration_expiry_reminders,
 * migration 1002): a renewal (a new expiry date) starts again, and a day the job did not run
 * still sends the threshold reached (29 days left and no 30-day reminder yet: the 30-day one).
 * The reminder row and the queued e-mail are written in one transaction, so two runs at once
 * send one e-mail (the second insert finds the row and sends nothing).
 */
import { ukToday } from "~/platform/dates";
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { queueEmail } from "~/platform/email/outbox.server";
import { defineJob, JOB_PRIORITY, triggerOnlyPayload } from "~/platform/jobs/job-definition.server";
import { registrationExpiryEmail } from "./emails.server";
import { EXPIRY_REMINDER_DAYS, expiryReminderDue, registrationState } from "./registration";

/** Daily, at 07:00 UTC (jobs.server.ts). */
export const EXPIRY_REMINDER_JOB = defineJob({
  type: "directory.expiry-reminders",
  payload: triggerOnlyPayload,
  bulk: true,
  priority: JOB_PRIORITY.low,
});

export interface ExpiryReminderRun {
  /** E-mails queued by this run. */
  sent: number;
  /** Registrations within 60 days of expiry whose due reminder had already been sent. */
  alreadySent: number;
}

interface Candidate {
  registration_number: string;
  business_name: string;
  expiry_date: string;
  registration_tier: "UPPER" | "LOWER" | null;
  user_id: string;
  email: string;
}

export async function sendExpiryReminders(
  db: Database,
  options: { publicUrl: string; now?: Date },
): Promise<ExpiryReminderRun> {
  const now = options.now ?? new Date();
  const today = ukToday(now);
  const longest = Math.max(...EXPIRY_REMINDER_DAYS);
  // Claimed listings are few (a primary-key probe each); lower tier registrations never expire.
  const { rows } = await sql<Candidate>`
    SELECT d.registration_number, COALESCE(NULLIF(btrim(c.company_name), ''), d.business_name) AS business_name,
           d.expiry_date, d.registration_tier, u.id AS user_id, u.email
    FROM claimed_listings c
    JOIN directory_entries d ON d.registration_number = c.registration_number
    JOIN users u ON u.id = c.user_id
    WHERE c.verified AND c.suspended_at IS NULL AND d.on_register
      AND d.registration_tier IS DISTINCT FROM 'LOWER'
      AND d.expiry_date > ${today}::date AND d.expiry_date <= ${today}::date + ${longest}::int
    ORDER BY d.expiry_date, d.registration_number`.execute(db);

  const run: ExpiryReminderRun = { sent: 0, alreadySent: 0 };
  for (const c of rows) {
    // The one expiry rule (registration.ts): days left in UK dates.
    const state = registrationState(c, now);
    if (state.state !== "valid") continue;
    const due = expiryReminderDue(state.daysLeft);
    if (!due) continue;
    const queued = await db.transaction().execute(async (trx) => {
      const recorded = await trx
        .insertInto("registration_expiry_reminders")
        .values({
          registration_number: c.registration_number,
          expiry_date: c.expiry_date,
          days_before: due,
          user_id: c.user_id,
        })
        .onConflict((oc) => oc.columns(["registration_number", "expiry_date", "days_before"]).doNothing())
        .returning("registration_number")
        .executeTakeFirst();
      if (!recorded) return false;
      await queueEmail(
        trx,
        registrationExpiryEmail({
          to: c.email,
          businessName: c.business_name,
          registrationNumber: c.registration_number,
          expiryDate: c.expiry_date,
          daysLeft: state.daysLeft,
          dashboardUrl: `${options.publicUrl}/company`,
        }),
      );
      return true;
    });
    if (queued) run.sent++;
    else run.alreadySent++;
  }
  return run;
}
