/**
 * The one way the product reads and writes dates: UK time (Europe/London), en-GB. The formatters
 * are made once (an `Intl.DateTimeFormat` costs far more to build than to use). Used on the server
 * and in the browser alike: no Node APIs here.
 *
 * A calendar day ('2027-03-05', as the register and date inputs give them) is that day wherever
 * it is shown; a moment (a Date or an ISO timestamp) is shown as the UK clock read it.
 */
const ZONE = "Europe/London";

const formats = {
  /** 5 March 2027 */
  long: new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, day: "numeric", month: "long", year: "numeric" }),
  /** 5 Mar 2027 */
  short: new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, dateStyle: "medium" }),
  /** 5 Mar */
  "day-month": new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, day: "numeric", month: "short" }),
  /** 05/03/2027 */
  numeric: new Intl.DateTimeFormat("en-GB", { timeZone: ZONE }),
  /** Fri 5 March */
  weekday: new Intl.DateTimeFormat("en-GB", {
    timeZone: ZONE,
    weekday: "short",
    day: "numeric",
    month: "long",
  }),
} as const;

const dateTimeFormats = {
  /** 5 March 2027 at 10:30 */
  long: new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, dateStyle: "long", timeStyle: "short" }),
  /** 5 Mar 2027, 10:30 */
  short: new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, dateStyle: "medium", timeStyle: "short" }),
  /** 05/03/2027, 10:30 */
  numeric: new Intl.DateTimeFormat("en-GB", {
    timeZone: ZONE,
    dateStyle: "short",
    timeStyle: "short",
    hourCycle: "h23",
  }),
} as const;

const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE });
const parts = new Intl.DateTimeFormat("en-GB", {
  timeZone: ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});
const numbers = new Intl.NumberFormat("en-GB");

export type DateValue = Date | string | null | undefined;

/** A calendar day is read at noon UTC, so that no zone moves it to the day before or after. */
function toDate(value: Date | string): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "5 March 2027" (or another style); "" for no value; an unreadable string as it is. */
export function formatDate(value: DateValue, style: keyof typeof formats = "long"): string {
  if (value === null || value === undefined || value === "") return "";
  const date = toDate(value);
  return date ? formats[style].format(date) : String(value);
}

/** "5 March 2027 at 10:30" or, short, "5 Mar 2027, 10:30"; "" for no value. */
export function formatDateTime(value: DateValue, style: keyof typeof dateTimeFormats = "long"): string {
  if (value === null || value === undefined || value === "") return "";
  const date = toDate(value);
  return date ? dateTimeFormats[style].format(date) : String(value);
}

/** 12,345 */
export function formatNumber(value: number): string {
  return numbers.format(value);
}

/**
 * The last minute asked and its UK day: a page asks for today once per card (registration
 * states), and the day can only change on a whole minute (UK midnight; the clocks move by hours).
 */
let lastDay = { minute: Number.NaN, day: "" };

/** The UK calendar day of a moment, as 'YYYY-MM-DD'. */
export function ukDay(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: isoDay.format(at) };
  return lastDay.day;
}

/** Today's date in the UK as 'YYYY-MM-DD'. */
export function ukToday(now: Date = new Date()): string {
  return ukDay(now);
}

/** The next `count` UK calendar days from today, as 'YYYY-MM-DD'. */
export function ukDaysFrom(now: Date, count: number): string[] {
  const today = ukToday(now);
  const base = Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)));
  return Array.from({ length: count }, (_, i) => new Date(base + i * 86_400_000).toISOString().slice(0, 10));
}

/** Minutes the UK clock is ahead of UTC at that moment (0 or 60). */
function offsetMinutes(at: Date): number {
  const p = parts.formatToParts(at);
  const get = (t: string) => Number(p.find((x) => x.type === t)?.value);
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
