/**
 * What a correction may change (decision 0272). A correction is the same transfer written again
 * without its mistakes: the same customer (the transferor's name and address) and the same place of
 * collection, within a month of the first version's collection. Their spelling may be fixed (a
 * few letters, `sameParty`), the waste, quantities, site, vehicle and everything else may change.
 * A note for someone else, somewhere else or another day is a new note, and counts as one.
 * A note is corrected at most `MAX_CORRECTIONS` times. A version's link to another version is shown
 * to anyone but the owner only when both name the same parties (`sameParties`). Pure: safe to
 * import from components.
 */
import { formatDate } from "~/platform/dates";
import type { NoteRefusal } from "./note-rules";

/** A note is corrected at most this many times (its last version is version MAX_CORRECTIONS + 1). */
export const MAX_CORRECTIONS = 5;
/** A correction's collection day is at most this many days from the first version's. */
export const CORRECTION_MAX_DAYS = 31;

/** The fields that say who the transfer is with and where, as a note's row or a form's input names them. */
export interface NoteParties {
  transferorName: string;
  transferorAddress: string;
  originAddress: string;
}

export type PartyField = keyof NoteParties;

/** Letters and digits only, lower case, accents dropped: "Forge Lane Builders Ltd." → "forgelanebuildersltd". */
export function partyKey(text: string): string {
  return text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** Levenshtein distance, stopping once it exceeds `max` (then any value above max). */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + cost);
      best = Math.min(best, row[j]);
    }
    if (best > max) return max + 1;
    previous = row;
  }
  return previous[b.length];
}

/**
 * The same name or address with its spelling fixed: equal once case, spaces and punctuation are
 * set aside, or at most one letter in five different (at least one), counted on the longer.
 */
export function sameParty(a: string, b: string): boolean {
  const x = partyKey(a);
  const y = partyKey(b);
  if (x === y) return true;
  const allowed = Math.max(1, Math.floor(Math.max(x.length, y.length) / 5));
  return editDistance(x, y, allowed) <= allowed;
}

const PARTY_FIELDS: PartyField[] = ["transferorName", "transferorAddress", "originAddress"];

/** The party fields of `after` that name someone (or somewhere) else than `before`'s. */
export function changedParties(before: NoteParties, after: NoteParties): PartyField[] {
  return PARTY_FIELDS.filter((f) => !sameParty(before[f], after[f]));
}

export function sameParties(a: NoteParties, b: NoteParties): boolean {
  return changedParties(a, b).length === 0;
}

export const CORRECTION_TEXT = {
  partiesTitle: "A correction keeps the same customer and place",
  parties:
    "A correction fixes mistakes in the same transfer: it cannot name a different customer or a different place of collection (fixing their spelling is fine). " +
    "For a different customer or place, write a new note: it counts towards your monthly allowance. Void this note if it should not exist.",
  field: {
    transferorName: (was: string) =>
      `The first version names “${was}”: a correction can fix its spelling, not name a different customer`,
    transferorAddress: (was: string) =>
      `The first version gives “${was}”: a correction can fix its spelling, not give a different customer's address`,
    originAddress: (was: string) =>
      `The first version was collected at “${was}”: a correction can fix its spelling, not move the collection elsewhere`,
  } satisfies Record<PartyField, (was: string) => string>,
  dateTitle: "A correction keeps the collection's date",
  date: (first: string) =>
    `A correction can move the collection date by at most ${CORRECTION_MAX_DAYS} days from the first version's (${first}). ` +
    "A collection on another day is a new note: it counts towards your monthly allowance.",
  limitTitle: "Correction limit reached",
  limit: `This note has been corrected ${MAX_CORRECTIONS} times, the most a note can be. If it is still wrong, void it and write a new note.`,
  transfersTitle: "The season ticket's transfers must stay on it",
  transfers: (from: string, until: string) =>
    `This season ticket has transfers recorded from ${from} to ${until}: they are carried over to the corrected ticket, so it must stay a season ticket whose dates include them all.`,
  emailLimitTitle: "Daily e-mail limit reached",
} as const;

export const CORRECTION_REFUSALS = {
  parties: {
    reason: "correction_parties",
    title: CORRECTION_TEXT.partiesTitle,
    message: CORRECTION_TEXT.parties,
  },
  limit: { reason: "correction_limit", title: CORRECTION_TEXT.limitTitle, message: CORRECTION_TEXT.limit },
} as const satisfies Record<string, NoteRefusal>;

/** The refusal of a correction whose collection day moved too far from version 1's. */
export function correctionDateRefusal(firstCollection: Date): NoteRefusal {
  return {
    reason: "correction_date",
    title: CORRECTION_TEXT.dateTitle,
    message: CORRECTION_TEXT.date(formatDate(firstCollection)),
    fields: { collectionDateTime: CORRECTION_TEXT.date(formatDate(firstCollection)) },
  };
}

/** The refusal of a corrected season ticket whose dates no longer hold its recorded transfers. */
export function correctionTransfersRefusal(firstDay: string, lastDay: string): NoteRefusal {
  const message = CORRECTION_TEXT.transfers(formatDate(firstDay), formatDate(lastDay));
  return {
    reason: "correction_transfers",
    title: CORRECTION_TEXT.transfersTitle,
    message,
    fields: { seasonTicketUntil: message },
  };
}

/** The refusal of a correction naming other parties, each changed field with what version 1 said. */
export function correctionPartiesRefusal(first: NoteParties, changed: PartyField[]): NoteRefusal {
  return {
    ...CORRECTION_REFUSALS.parties,
    fields: Object.fromEntries(changed.map((f) => [f, CORRECTION_TEXT.field[f](first[f])])),
  };
}

/** Refusals the carrier can put right on the form (its values kept, the fields marked). */
export const FIXABLE_REFUSALS: ReadonlySet<string> = new Set([
  "correction_parties",
  "correction_date",
  "correction_transfers",
  "customer_email_limit",
]);
