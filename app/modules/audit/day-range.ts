/**
 * A range of UK calendar days typed in an admin filter ('YYYY-MM-DD' from and to, both
 * included), checked, and as the instants it covers: from the first day's UK midnight up to (not
 * including) the UK midnight after the last day.
 */
import { londonLocalToDate } from "~/platform/dates";

export interface DayRange {
  /** 'YYYY-MM-DD' or '' (no lower bound). */
  from: string;
  /** 'YYYY-MM-DD' or '' (no upper bound). */
  to: string;
}

export interface DayRangeBounds {
  start: Date | null;
  end: Date | null;
}

export const DAY_RANGE_MESSAGES = {
  from: "Enter the first day as a date, e.g. 2026-11-01",
  to: "Enter the last day as a date, e.g. 2026-11-30",
  order: "The last day must not be before the first day",
} as const;

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

function midnight(day: string): Date | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? londonLocalToDate(`${day}T00:00`) : null;
}

/** The instants of a range, or the message for each field that is not a real date. */
export function dayRangeBounds(
  range: DayRange,
): { ok: true; bounds: DayRangeBounds } | { ok: false; errors: Partial<Record<"from" | "to", string>> } {
  const errors: Partial<Record<"from" | "to", string>> = {};
  const start = range.from ? midnight(range.from) : null;
  const last = range.to ? midnight(range.to) : null;
  if (range.from && !start) errors.from = DAY_RANGE_MESSAGES.from;
  if (range.to && !last) errors.to = DAY_RANGE_MESSAGES.to;
  if (start && last && last < start) errors.to = DAY_RANGE_MESSAGES.order;
  if (errors.from || errors.to) return { ok: false, errors };
  return { ok: true, bounds: { start, end: range.to ? midnight(nextDay(range.to)) : null } };
}
