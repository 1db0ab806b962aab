/** Reports & Complaints: the reports visitors sent, by status, newest first; an admin resolves or reopens them. */
import { sql } from "kysely";
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";

export type ReportStatus = "open" | "resolved";

export interface ReportView {
  id: string;
  registrationNumber: string;
  businessName: string | null;
  reason: string;
  details: string;
  reporterEmail: string | null;
  status: string;
  createdAt: string;
}

export async function listReports(
  db: Database,
  status: ReportStatus,
  limit = 100,
): Promise<{ reports: ReportView[]; counts: Record<ReportStatus, number> }> {
  const rows = await db
    .selectFrom("carrier_reports as r")
    .leftJoin("directory_entries as d", "d.registration_number", "r.registration_number")
    .select([
      "r.id",
      "r.registration_number",
      "d.business_name",
      "r.reason",
      "r.details",
      "r.reporter_email",
      "r.status",
      "r.created_at",
    ])
    .where(
      "r.status",
      status === "open" ? "=" : "in",
      status === "open" ? "open" : (["resolved", "dismissed"] as never),
    )
    .orderBy("r.created_at", "desc")
    .orderBy("r.id")
    .limit(limit)
    .execute();
  const { rows: c } = await sql<{ open: number; resolved: number }>`SELECT
    count(*) FILTER (WHERE status = 'open')::int AS open,
    count(*) FILTER (WHERE status <> 'open')::int AS resolved FROM carrier_reports`.execute(db);
  return {
    reports: rows.map((r) => ({
      id: r.id,
      registrationNumber: r.registration_number,
      businessName: r.business_name ?? null,
      reason: r.reason,
      details: r.details,
      reporterEmail: r.reporter_email,
      status: r.status,
      createdAt: r.created_at.toISOString(),
    })),
    counts: { open: c[0]?.open ?? 0, resolved: c[0]?.resolved ?? 0 },
  };
}

/**
 * Resolves or reopens a report. Only a change is made: a report already in that state (resolved
 * or dismissed for "resolved"; open for "open"), from a tab opened before another admin's click,
 * keeps its resolved_at and gets no second audit row, and the answer is "already" (decision 0263).
 */
export async function setReportStatus(
  db: Database,
  id: string,
  status: ReportStatus,
  actorId: string,
  now: Date = new Date(),
): Promise<"done" | "already" | "not-found"> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return "not-found";
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable("carrier_reports")
      .set({ status, resolved_at: status === "resolved" ? now : null })
      .where("id", "=", id)
      .where("status", status === "resolved" ? "=" : "<>", "open")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) {
      const report = await trx
        .selectFrom("carrier_reports")
        .select("id")
        .where("id", "=", id)
        .executeTakeFirst();
      return report ? "already" : "not-found";
    }
    await recordAudit(trx, {
      actorUserId: actorId,
      action: `carrier_report.${status}`,
      entity: "carrier_report",
      entityId: id,
      at: now,
    });
    return "done";
  });
}
