/**
 * The carrier's own handling of a quote request in /company/quotes (decision 0604): a status of
 * its own (new → contacted → won or lost, with a step back for a mis-click) and private notes.
 * The admin's `quote_requests.status` is a separate column and is never touched here.
 * Plain rules, shared by the server and the page.
 */
import * as z from "zod/mini";

export const CARRIER_STATUSES = ["new", "contacted", "won", "lost"] as const;
export type CarrierStatus = (typeof CARRIER_STATUSES)[number];

export const CARRIER_STATUS_LABELS: Record<CarrierStatus, string> = {
  new: "New",
  contacted: "Contacted",
  won: "Won",
  lost: "Lost",
};

/**
 * Where a request may go from each status. Forward: new → contacted → won or lost; a new request
 * may also be marked lost straight away (out of area, not a job the carrier takes). Back one step:
 * contacted → new, won or lost → contacted (reopened). Never new → won: a job is won after contact.
 */
export const NEXT_STATUSES: Record<CarrierStatus, readonly CarrierStatus[]> = {
  new: ["contacted", "lost"],
  contacted: ["won", "lost", "new"],
  won: ["contacted"],
  lost: ["contacted"],
};

export function canMoveQuote(from: CarrierStatus, to: CarrierStatus): boolean {
  return NEXT_STATUSES[from].includes(to);
}

/** The button that moves a request from `from` to `to`. */
export function moveLabel(from: CarrierStatus, to: CarrierStatus): string {
  if (to === "new") return "Back to new";
  if (to === "contacted") return from === "new" ? "Mark as contacted" : "Reopen";
  return to === "won" ? "Mark as won" : "Mark as lost";
}

export function isCarrierStatus(value: unknown): value is CarrierStatus {
  return typeof value === "string" && (CARRIER_STATUSES as readonly string[]).includes(value);
}

export const QUOTE_NOTES_MAX = 2000;

export const QUOTE_MESSAGES = {
  notFound: "This quote request was not found.",
  readOnly: "Your listing is suspended: quote requests can be read but not changed.",
  notApproved: "Quote requests can be handled once your listing is approved.",
  badMove: "This quote request can no longer be moved that way. The page shows its current status.",
  notesTooLong: `Notes can be at most ${QUOTE_NOTES_MAX.toLocaleString("en-GB")} characters.`,
  notesSaved: "Notes saved",
  notesCleared: "Notes cleared",
} as const;

export const quoteMoveSchema = z.object({
  id: z.string().check(z.trim(), z.minLength(1)),
  to: z.enum(CARRIER_STATUSES),
});

/** Notes as typed; blank means "no notes". Line endings normalised before the length check. */
export const quoteNotesSchema = z.object({
  id: z.string().check(z.trim(), z.minLength(1)),
  notes: z.pipe(
    z.pipe(
      z._default(z.optional(z.string()), ""),
      z.transform((v: string) => v.replace(/\r\n?/g, "\n").trim()),
    ),
    z.string().check(z.maxLength(QUOTE_NOTES_MAX, QUOTE_MESSAGES.notesTooLong)),
  ),
});
