/**
 * 'Report this carrier': a visitor's report about a listing, stored in carrier_reports for the
 * admins (Reports & Complaints). Validated here, rate-limited per IP by the route.
 */
import { normaliseEmail } from "~/platform/email-address";
import type { Database } from "~/platform/db/database.server";
import type { ReportInput } from "./report-schema";

export { REPORT_REASONS, reportSchema, type ReportInput } from "./report-schema";

export async function submitReport(
  db: Database,
  registrationNumber: string,
  input: ReportInput,
): Promise<string | null> {
  const entry = await db
    .selectFrom("directory_entries")
    .select("registration_number")
    .where("registration_number", "=", registrationNumber)
    .executeTakeFirst();
  if (!entry) return null;
  const row = await db
    .insertInto("carrier_reports")
    .values({
      registration_number: entry.registration_number,
      reason: input.reason,
      details: input.details,
      reporter_email: input.email ? normaliseEmail(input.email) : null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
