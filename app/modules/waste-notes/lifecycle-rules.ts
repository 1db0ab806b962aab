/**
 * What happens to a note after it is written (issue 19, decision 0711): it is never edited in
 * place. A correction is a new version that supersedes it; a void keeps it with a reason; a season
 * ticket's transfers are added to its schedule. Only a current note (not superseded, not void) of
 * the owner's company may be corrected, voided or given a transfer. Pure: safe to import from
 * components.
 */
import { cleanLine } from "~/platform/one-line";

export const VOID_REASON_MAX = 500;
export const TRANSFER_PLACE_MAX = 500;

export type NoteState = "current" | "superseded" | "void";

/** A note's place in its series: void wins over superseded (a void note stays void). */
export function noteState(note: { superseded_at: Date | null; voided_at: Date | null }): NoteState {
  if (note.voided_at) return "void";
  if (note.superseded_at) return "superseded";
  return "current";
}

export const LIFECYCLE_TEXT = {
  alreadyCorrected: "This note has already been corrected: open the current version",
  voidedCannotCorrect: "This note has been voided: a void note cannot be corrected.",
  notYourNote: "There is no waste note of your company with this id.",
  alreadyVoid: "This note has already been voided.",
  supersededCannotVoid: "This note has already been corrected: void the current version instead.",
  voidReasonRequired: "Enter the reason for voiding this note",
  voidReasonTooLong: `Keep the reason to ${VOID_REASON_MAX} characters or fewer`,
  notSeasonTicket: "This note is not a season ticket.",
  transferClosed: "Transfers can only be added to the current version of a note that has not been voided.",
  transferOutside: (from: string, until: string) =>
    `The transfer must be within the season ticket's dates (${from} to ${until})`,
  placeRequired: "Enter where the waste was transferred",
  placeTooLong: `Keep the place to ${TRANSFER_PLACE_MAX} characters or fewer`,
  quantity: "Enter a quantity greater than 0, up to 3 decimal places",
  quantityTooLarge: "The quantity is too large (at most 100,000 tonnes per transfer)",
  unit: "Choose kg or tonnes",
  when: "Enter a valid date and time",
} as const;

/** The reason for a void as stored, or what is wrong with it. */
export function checkVoidReason(raw: unknown): { ok: true; reason: string } | { ok: false; error: string } {
  const reason = cleanLine(raw);
  if (!reason) return { ok: false, error: LIFECYCLE_TEXT.voidReasonRequired };
  if (reason.length > VOID_REASON_MAX) return { ok: false, error: LIFECYCLE_TEXT.voidReasonTooLong };
  return { ok: true, reason };
}
