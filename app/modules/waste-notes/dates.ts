/** Dates for waste notes: entered and shown in UK time (Europe/London), formatted en-GB. */
const ZONE = "Europe/London";

function offsetMinutes(at: Date): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone: ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return Math.round((asUtc - at.getTime()) / 60_000);
}

/** "2026-11-22T10:30" (a datetime-local value, UK time) to a Date; null when not a real date. */
export function londonLocalToDate(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const naive = Date.UTC(y, mo - 1, d, h, mi, s || 0);
  const check = new Date(naive);
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    h > 23 ||
    mi > 59
  )
    return null;
  if (y < 2000 || y > 2100) return null;
  let guess = naive - offsetMinutes(new Date(naive)) * 60_000;
  guess = naive - offsetMinutes(new Date(guess)) * 60_000;
  return new Date(guess);
}

/** A Date as a datetime-local value in UK time. */
export function dateToLondonLocal(date: Date): string {
  const local = new Date(date.getTime() + offsetMinutes(date) * 60_000);
  return local.toISOString().slice(0, 16);
}

export function formatDateTime(date: Date | string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, dateStyle: "long", timeStyle: "short" }).format(
    new Date(date),
  );
}

export function formatDate(date: Date | string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: ZONE,
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date(date));
}
