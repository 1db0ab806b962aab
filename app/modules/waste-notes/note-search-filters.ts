/**
 * The admin's waste note search (/admin/waste-notes?number=&carrier=&ewc=&company=&from=&to=):
 * the filters read from the address and checked. A value that cannot be used is said beside its
 * field and the list is not read.
 */
import { dayRangeBounds, type DayRange, type DayRangeBounds } from "~/modules/audit/day-range";

export interface NoteSearchFilters extends DayRange {
  /** The note number: the first characters of the note's id (as its page and PDF show), or all of it. */
  number: string;
  /** The carrier's name (part of it) or registration number. */
  carrier: string;
  /** An EWC code, or its chapter or sub-chapter ("17 09 04", "170904", "17 09", "17"). */
  ewc: string;
  /** The registration number of the company that wrote the notes (links from a provider's page). */
  company: string;
}

export type NoteSearchErrors = Partial<Record<keyof NoteSearchFilters, string>>;

export const NOTE_SEARCH_MESSAGES = {
  number: "Enter the note number: the first 8 characters of its id (e.g. 3f2a9c1b), or all of it",
  carrier: "Enter at most 200 characters of the carrier's name or registration number",
  ewc: "Enter an EWC code (e.g. 17 09 04), or its chapter (17) or sub-chapter (17 09)",
  company: "Enter the company's registration number, e.g. CBDU123456",
} as const;

/** What the query uses: the id (or its start), the EWC digits, and the checked day range. */
export interface NoteSearch {
  number: string;
  carrier: string;
  ewcDigits: string;
  company: string;
  bounds: DayRangeBounds;
}

export type ParsedNoteSearch =
  | { ok: true; filters: NoteSearchFilters; search: NoteSearch }
  | { ok: false; filters: NoteSearchFilters; errors: NoteSearchErrors };

export function parseNoteSearch(params: URLSearchParams): ParsedNoteSearch {
  const get = (name: string) => (params.get(name) ?? "").trim();
  const filters: NoteSearchFilters = {
    number: get("number").slice(0, 40),
    carrier: get("carrier").slice(0, 200),
    ewc: get("ewc").slice(0, 20),
    company: get("company").slice(0, 40),
    from: get("from").slice(0, 20),
    to: get("to").slice(0, 20),
  };
  const errors: NoteSearchErrors = {};
  const number = get("number").toLowerCase();
  if (number && !/^[0-9a-f][0-9a-f-]{3,35}$/.test(number)) errors.number = NOTE_SEARCH_MESSAGES.number;
  if (get("carrier").length > 200) errors.carrier = NOTE_SEARCH_MESSAGES.carrier;
  const ewc = get("ewc");
  const ewcDigits = ewc.replace(/[\s*.-]/g, "");
  if (ewc && !/^(\d{2}|\d{4}|\d{6})$/.test(ewcDigits)) errors.ewc = NOTE_SEARCH_MESSAGES.ewc;
  const company = get("company")
    .toUpperCase()
    .replace(/[\s-]+/g, "");
  if (company && !/^[A-Z0-9/]{4,30}$/.test(company)) errors.company = NOTE_SEARCH_MESSAGES.company;
  const range = dayRangeBounds({ from: get("from"), to: get("to") });
  if (!range.ok) Object.assign(errors, range.errors);
  if (!range.ok || Object.keys(errors).length > 0) return { ok: false, filters, errors };
  return {
    ok: true,
    filters,
    search: { number, carrier: filters.carrier, ewcDigits, company, bounds: range.bounds },
  };
}

export function hasNoteSearch(f: NoteSearchFilters): boolean {
  return !!(f.number || f.carrier || f.ewc || f.company || f.from || f.to);
}
