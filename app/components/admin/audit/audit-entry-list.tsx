/**
 * The audit log's entries as a list of cards (readable at 375 px): when, the action's label, who
 * (the actor's e-mail), the subject with a link where a page exists, and the entry's details.
 */
import { Link } from "react-router";
import { EmptyState } from "~/components/enquiries/admin-parts";
import { Badge } from "~/components/ui/badge";
import { auditActionLabel, auditSubjectHref, auditSubjectLabel } from "~/modules/audit/audit-actions";
import type { AuditLogRow } from "~/modules/audit/list-audit-log.server";
import { formatDateTime } from "~/platform/dates";

type Tone = "green" | "red" | "amber" | "blue" | "slate";

function actionTone(action: string): Tone {
  if (/\.(approved|published|reinstated|resolved|created|added)$/.test(action)) return "green";
  if (/\.(rejected|suspended|deleted|removed|voided|cleared)$/.test(action)) return "red";
  if (/\.(plan_changed|corrected|edited|requested|uploaded)$/.test(action)) return "amber";
  return "blue";
}

const DETAIL_LABELS: Record<string, string> = {
  registrationNumber: "Registration",
  notes: "Notes",
  reason: "Reason",
  plan: "Plan",
  period: "Period",
  freeTrial: "Free trial",
  saved: "Saved as",
  rating: "Rating",
  email: "E-mail",
  sentAt: "Sent",
  ewcCode: "EWC code",
  cleared: "Cleared",
  outcome: "Outcome",
  sent: "Sent",
  emailNotifications: "E-mail notifications",
};

function detailText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (typeof value === "object")
    return Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== null && v !== undefined && typeof v !== "object")
      .map(([k, v]) => `${k}: ${String(v)}`)
      .join(", ");
  return "";
}

/** The details worth showing, as label and text (the registration number is shown beside the subject). */
function detailRows(details: Record<string, unknown>): [string, string][] {
  return Object.entries(details)
    .filter(([k]) => k !== "registrationNumber")
    .map(([k, v]) => [DETAIL_LABELS[k] ?? k, detailText(v)] as [string, string])
    .filter(([, v]) => v !== "")
    .slice(0, 6);
}

function Subject({ row }: { row: AuditLogRow }) {
  const href = auditSubjectHref(row.entity, row.entityId, row.registrationNumber);
  const text = `${auditSubjectLabel(row.entity)} ${row.entityId}`;
  return (
    <span className="break-all">
      {href ? (
        <Link to={href} className="font-medium text-brand-700 underline underline-offset-2">
          {text}
        </Link>
      ) : (
        text
      )}
      {row.registrationNumber && row.entity !== "review" ? (
        <>
          {" · "}
          <Link
            to={`/provider/${encodeURIComponent(row.registrationNumber)}`}
            className="text-brand-700 underline underline-offset-2"
          >
            {row.registrationNumber}
          </Link>
        </>
      ) : row.registrationNumber ? (
        ` · ${row.registrationNumber}`
      ) : null}
    </span>
  );
}

export function AuditEntryList({ rows, empty }: { rows: AuditLogRow[]; empty: string }) {
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <ul className="space-y-3" aria-label="Audit entries">
      {rows.map((row) => {
        const details = detailRows(row.details);
        return (
          <li
            key={row.id}
            data-testid="audit-entry"
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Badge tone={actionTone(row.action)}>{auditActionLabel(row.action)}</Badge>
              <time dateTime={row.created_at.toISOString()} className="text-xs text-slate-600">
                {formatDateTime(row.created_at, "short")}
              </time>
            </div>
            <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[7rem_1fr]">
              <dt className="font-medium text-slate-600">By</dt>
              <dd className="break-all text-slate-900" data-testid="audit-actor">
                {row.actorEmail ?? "System or visitor"}
              </dd>
              <dt className="font-medium text-slate-600">Subject</dt>
              <dd className="text-slate-900">
                <Subject row={row} />
              </dd>
              {details.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="font-medium text-slate-600">{k}</dt>
                  <dd className="break-words whitespace-pre-line text-slate-900">{v}</dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
