/**
 * 'Report this carrier': a visitor's report about a listing, stored in carrier_reports for the
 * admins (Reports & Complaints), who are told by e-mail (decision 0803). Validated here,
 * rate-limited per IP by the route.
 */
import { notifyAdmins, type NotifyConfig } from "~/modules/admin-notifications/notify-admins.server";
import { normaliseEmail } from "~/platform/email-address";
import type { Database } from "~/platform/db/database.server";
import type { ReportInput } from "./report-schema";

export { REPORT_REASONS, reportSchema, type ReportInput } from "./report-schema";

export async function submitReport(
  db: Database,
  config: NotifyConfig,
  registrationNumber: string,
  input: ReportInput,
): Promise<string | null> {
  const entry = await db
    .selectFrom("directory_entries")
    .select(["registration_number", "business_name"])
    .where("registration_number", "=", registrationNumber)
    .executeTakeFirst();
  if (!entry) return null;
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("carrier_reports")
      .values({
        registration_number: entry.registration_number,
        reason: input.reason,
        details: input.details,
        reporter_email: input.email ? normaliseEmail(input.email) : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await notifyAdmins(trx, config, {
      kind: "report",
      title: `${entry.business_name} (${entry.registration_number}): ${input.reason}`,
      path: "/admin/reports",
    });
    return row.id;
  });
}
