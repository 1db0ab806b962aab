/**
 * The audit log page's filters (?actor=&action=&entity=&subject=&from=&to=), read from the
 * address and checked: the actor's e-mail (or part of it), one action, the subject (what kind of
 * record and/or its id) and a range of UK days. A value that cannot be used is said beside its
 * field and the list is not read.
 */
import * as z from "zod/mini";
import { isAuditAction, isAuditSubject, type AuditAction, type AuditSubject } from "./audit-actions";
import { dayRangeBounds, type DayRange, type DayRangeBounds } from "./day-range";

export interface AuditFilters extends DayRange {
  actor: string;
  action: AuditAction | "";
  entity: AuditSubject | "";
  subject: string;
}

export type AuditFilterErrors = Partial<Record<keyof AuditFilters, string>>;

export const AUDIT_FILTER_MESSAGES = {
  actor: "Enter at most 254 characters of the e-mail address",
  action: "Choose an action from the list",
  entity: "Choose a subject from the list",
  subject: "Enter at most 100 characters of the subject's id",
} as const;

const schema = z.object({
  actor: z.string().check(z.trim(), z.maxLength(254, AUDIT_FILTER_MESSAGES.actor)),
  action: z.pipe(
    z.string().check(
      z.trim(),
      z.refine((v) => v === "" || isAuditAction(v), AUDIT_FILTER_MESSAGES.action),
    ),
    z.transform((v: string) => v as AuditAction | ""),
  ),
  entity: z.pipe(
    z.string().check(
      z.trim(),
      z.refine((v) => v === "" || isAuditSubject(v), AUDIT_FILTER_MESSAGES.entity),
    ),
    z.transform((v: string) => v as AuditSubject | ""),
  ),
  subject: z.string().check(z.trim(), z.maxLength(100, AUDIT_FILTER_MESSAGES.subject)),
  from: z.string().check(z.trim()),
  to: z.string().check(z.trim()),
});

export type ParsedAuditFilters =
  | { ok: true; filters: AuditFilters; bounds: DayRangeBounds }
  | { ok: false; filters: AuditFilters; errors: AuditFilterErrors };

export function parseAuditFilters(params: URLSearchParams): ParsedAuditFilters {
  const raw = {
    actor: params.get("actor") ?? "",
    action: params.get("action") ?? "",
    entity: params.get("entity") ?? "",
    subject: params.get("subject") ?? "",
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
  };
  // What the form shows back: the values as typed (cut to the fields' lengths).
  const shown: AuditFilters = {
    actor: raw.actor.trim().slice(0, 254),
    action: isAuditAction(raw.action.trim()) ? (raw.action.trim() as AuditAction) : "",
    entity: isAuditSubject(raw.entity.trim()) ? (raw.entity.trim() as AuditSubject) : "",
    subject: raw.subject.trim().slice(0, 100),
    from: raw.from.trim().slice(0, 20),
    to: raw.to.trim().slice(0, 20),
  };
  const parsed = schema.safeParse(raw);
  const errors: AuditFilterErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof AuditFilters;
      errors[key] ??= issue.message;
    }
  }
  const range = dayRangeBounds({ from: raw.from.trim(), to: raw.to.trim() });
  if (!range.ok) Object.assign(errors, range.errors);
  if (!parsed.success || !range.ok || Object.keys(errors).length > 0)
    return { ok: false, filters: shown, errors };
  return { ok: true, filters: parsed.data, bounds: range.bounds };
}

/** Whether any filter is set (the page then says "No entries match these filters"). */
export function hasAuditFilters(f: AuditFilters): boolean {
  return !!(f.actor || f.action || f.entity || f.subject || f.from || f.to);
}
