/** Which events an admin is e-mailed about (Admin Settings, decision 0803): their own choice. */
import type { Database } from "~/platform/db/database.server";
import { normaliseEmail } from "~/platform/email-address";

export interface NotificationSettings {
  claims: boolean;
  reports: boolean;
  messages: boolean;
}

/** The admin's choices, or null when the address is not on the admin list. */
export async function getNotificationSettings(
  db: Database,
  adminEmail: string,
): Promise<NotificationSettings | null> {
  const row = await db
    .selectFrom("admin_emails")
    .select(["notify_claims", "notify_reports", "notify_messages"])
    .where("email", "=", normaliseEmail(adminEmail))
    .executeTakeFirst();
  return row
    ? { claims: row.notify_claims, reports: row.notify_reports, messages: row.notify_messages }
    : null;
}

/** Saves the admin's own choices; false when the address is not on the admin list. */
export async function saveNotificationSettings(
  db: Database,
  adminEmail: string,
  settings: NotificationSettings,
): Promise<boolean> {
  const result = await db
    .updateTable("admin_emails")
    .set({
      notify_claims: settings.claims,
      notify_reports: settings.reports,
      notify_messages: settings.messages,
    })
    .where("email", "=", normaliseEmail(adminEmail))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
