/** A provider's page: its history (the audit log of the listing and of its claims), newest first. */
import { AUDIT_ACTIONS } from "~/modules/audit/audit-actions";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { HistoryEvent } from "~/modules/providers/list-provider-history.server";
import { formatDateTime } from "~/platform/dates";

const label = (action: string) => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;

type PlanValues = {
  plan?: string;
  period?: string;
  freeTrial?: boolean;
  start?: string | null;
  end?: string | null;
};

/** The day an admin typed (the stored instant's UTC date: ends are kept as 23:59:59Z of that day). */
const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : null);
const planText = (v: PlanValues | undefined) => {
  if (!v) return "?";
  const start = day(v.start);
  const end = day(v.end);
  const dates = start ? `${start} to ${end ?? "no end date"}` : end ? `until ${end}` : "no dates";
  return `${v.plan ?? "?"}, ${v.period ?? "?"}${v.freeTrial ? ", free trial" : ""}, ${dates}`;
};

/** One line saying what changed, from the entry's details. */
function summary(e: HistoryEvent): string | null {
  const d = e.details;
  if (typeof d.reason === "string" && d.reason) return `Reason: ${d.reason}`;
  if (e.action === "listing.plan_changed") {
    return `${planText(d.before as PlanValues)} → ${planText(d.after as PlanValues)}`;
  }
  if (e.action === "listing.owner_changed") {
    return `${typeof d.from === "string" ? d.from : "nobody"} → ${String(d.to)}${d.sent === "invitation" ? " (invited to set a password)" : ""}${d.contactEmailReplaced === true ? "; the listing's contact email too" : ""}`;
  }
  if (e.action === "plan_upgrade.requested" && typeof d.period === "string") return `Premium, ${d.period}`;
  return null;
}

export function HistoryCard({ history }: { history: HistoryEvent[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>History</CardTitle>
      </CardHeader>
      <CardContent>
        {history.length === 0 ? (
          <p className="text-sm text-slate-700">Nothing recorded yet.</p>
        ) : (
          <ol className="space-y-3" aria-label="History, newest first">
            {history.map((e) => {
              const text = summary(e);
              return (
                <li
                  key={e.id}
                  className="border-l-2 border-slate-200 pl-3 text-sm"
                  data-testid="history-entry"
                >
                  <p>
                    <span className="font-medium text-slate-900">{label(e.action)}</span>{" "}
                    <span className="text-slate-600">
                      {formatDateTime(e.createdAt)}
                      {e.actorEmail ? ` by ${e.actorEmail}` : ""}
                    </span>
                  </p>
                  {text ? <p className="break-words whitespace-pre-line text-slate-700">{text}</p> : null}
                </li>
              );
            })}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
