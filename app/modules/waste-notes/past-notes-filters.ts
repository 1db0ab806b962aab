/**
 * The filters of Past Waste Notes and of the company's exports, read from the address
 * (/company/waste-notes?q=&from=&to=&hazardous=&customer=&status=): the collection days (UK, both
 * included; "2026-11-01" or "01/11/2026"), hazardous or not, the customer (part of the
 * transferor's name) and the note's status. A value that cannot be used is said beside its field.
 */
import { dayRangeBounds, type DayRangeBounds } from "~/modules/audit/day-range";

export const NOTE_STATUSES = ["current", "superseded", "void", "awaiting"] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

export const NOTE_STATUS_LABELS: Record<NoteStatus, string> = {
  current: "Current",
  superseded: "Superseded",
  void: "Void",
  awaiting: "Awaiting customer signature",
};

export interface PastNotesFilters {
  q: string;
  from: string;
  to: string;
  hazardous: "" | "yes" | "no";
  customer: string;
  status: "" | NoteStatus;
}

export type PastNotesErrors = Partial<Record<"from" | "to", string>>;

export interface PastNotesQuery {
  search: string;
  customer: string;
  hazardous: boolean | null;
  status: NoteStatus | null;
  bounds: DayRangeBounds;
}

export const EMPTY_NOTES_QUERY: PastNotesQuery = {
  search: "",
  customer: "",
  hazardous: null,
  status: null,
  bounds: { start: null, end: null },
};

/** "01/11/2026" (as people in the UK write it) to "2026-11-01"; other text unchanged. */
export function isoDay(value: string): string {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value.trim());
  return m ? `${m[3]}-${m[2]!.padStart(2, "0")}-${m[1]!.padStart(2, "0")}` : value.trim();
}

export function parsePastNotesFilters(
  params: URLSearchParams,
):
  | { ok: true; filters: PastNotesFilters; query: PastNotesQuery }
  | { ok: false; filters: PastNotesFilters; errors: PastNotesErrors } {
  const get = (name: string) => (params.get(name) ?? "").trim();
  const hazardous = get("hazardous");
  const status = get("status");
  const filters: PastNotesFilters = {
    q: get("q").slice(0, 200),
    from: isoDay(get("from").slice(0, 20)),
    to: isoDay(get("to").slice(0, 20)),
    hazardous: hazardous === "yes" || hazardous === "no" ? hazardous : "",
    customer: get("customer").slice(0, 200),
    status: (NOTE_STATUSES as readonly string[]).includes(status) ? (status as NoteStatus) : "",
  };
  const range = dayRangeBounds({ from: filters.from, to: filters.to });
  if (!range.ok) return { ok: false, filters, errors: range.errors };
  return {
    ok: true,
    filters,
    query: {
      search: filters.q,
      customer: filters.customer,
      hazardous: filters.hazardous === "" ? null : filters.hazardous === "yes",
      status: filters.status || null,
      bounds: range.bounds,
    },
  };
}

/** The filters as a query string (for links that keep them), without empty values. */
export function filtersToParams(
  filters: Partial<PastNotesFilters>,
  extra: Record<string, string> = {},
): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) if (value) params.set(key, value);
  return params.toString();
}

export function hasFilters(f: PastNotesFilters): boolean {
  return !!(f.q || f.from || f.to || f.hazardous || f.customer || f.status);
}
