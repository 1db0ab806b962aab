/**
 * A company's own notes (decision 0711): a note read under a row lock inside the transaction of a
 * change to it (void, a season ticket's transfer), so that a correction or a void at the same
 * moment waits for it; the whole view of an owned note (the form filled from it, the void and
 * transfer pages); what the note's page offers its owner, and what its listing's state holds back
 * (decision 0253); a series' latest version. Someone else's note reads as no note at all (the
 * routes answer 404, never "not yours").
 */
import { ukDay } from "~/platform/dates";
import type { Database } from "~/platform/db/database.server";
import type { WasteNote } from "~/platform/db/schema";
import { getWasteNoteView, type WasteNoteView } from "./get-note.server";
import { getNoteActionRefusals, type NoteActionRefusals } from "./note-eligibility.server";
import type { NoteRefusal } from "./note-rules";
import { UUID_RE } from "./storage-keys";

export async function lockOwnedNote(
  trx: Database,
  noteId: string,
  registrationNumber: string,
): Promise<WasteNote | null> {
  if (!UUID_RE.test(noteId)) return null;
  const note = await trx
    .selectFrom("waste_notes")
    .selectAll()
    .where("id", "=", noteId.toLowerCase())
    .forUpdate()
    .executeTakeFirst();
  return note && note.registration_number === registrationNumber ? note : null;
}

/** Whether the note belongs to the company (for the pages that only read it). */
export function ownsNote(note: Pick<WasteNote, "registration_number">, registrationNumber: string | null) {
  return !!registrationNumber && note.registration_number === registrationNumber;
}

/** The id of the series' latest version (the one not superseded; it may be void). */
export async function latestVersionId(db: Database, seriesId: string): Promise<string | null> {
  const row = await db
    .selectFrom("waste_notes")
    .select("id")
    .where("series_id", "=", seriesId)
    .where("superseded_at", "is", null)
    .orderBy("version", "desc")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** What the note's page offers its owner: the season ticket's days bound the transfer form's date. */
export interface NoteManagement {
  /** The signed-in user's company owns the note. */
  canManage: boolean;
  /** A season ticket's first and last UK days ("yyyy-mm-dd"), or null. */
  seasonTicketDays: { from: string; until: string } | null;
}

/**
 * Whether the company with this registration number owns the note (the view page's `canManage`:
 * the signed-in user's listing, from the company listing lookup). Not for a note of the public
 * generator, someone else's note, or no company.
 */
export async function getNoteManagement(
  db: Database,
  noteId: string,
  registrationNumber: string | null | undefined,
): Promise<NoteManagement> {
  const none: NoteManagement = { canManage: false, seasonTicketDays: null };
  if (!registrationNumber || !UUID_RE.test(noteId)) return none;
  const row = await db
    .selectFrom("waste_notes")
    .select(["registration_number", "collection_date_time", "season_ticket_until"])
    .where("id", "=", noteId.toLowerCase())
    .executeTakeFirst();
  if (!row || row.registration_number !== registrationNumber) return none;
  return { canManage: true, seasonTicketDays: seasonTicketDays(row) };
}

/** The owner's actions on the note's page, each offered only when the server would accept it now. */
export interface OwnerOffer {
  repeat: boolean;
  correct: boolean;
  void: boolean;
  send: boolean;
  /** Add a season ticket's transfer. */
  transfer: boolean;
  /** Why an action the note would offer is held back (the listing's state), or null. */
  notice: NoteRefusal | null;
}

type Action = Exclude<keyof OwnerOffer, "notice">;

/**
 * What the note's state offers (decision 0711): Repeat on the current version or a void note;
 * Correct, Void, Send and a season ticket's transfer on the current version only.
 */
function offeredByNote(note: {
  current: boolean;
  voided: boolean;
  seasonTicket: boolean;
}): Record<Action, boolean> {
  return {
    repeat: note.current || note.voided,
    correct: note.current,
    void: note.current,
    send: note.current,
    transfer: note.current && note.seasonTicket,
  };
}

/** The note's offer less what the listing's refusals hold back, and why (pure: the page's rule). */
export function ownerOffer(
  note: { current: boolean; voided: boolean; seasonTicket: boolean },
  refusals: NoteActionRefusals,
): OwnerOffer {
  const offered = offeredByNote(note);
  const actions = Object.keys(offered) as Action[];
  const may = Object.fromEntries(actions.map((a) => [a, offered[a] && !refusals[a]])) as Record<
    Action,
    boolean
  >;
  const heldBack = actions.some((a) => offered[a] && refusals[a]);
  return { ...may, notice: heldBack ? refusals.reason : null };
}

/**
 * What the owner's note page offers (decision 0253): the same refusals the send, void, transfer
 * and note-writing actions decide with (note-eligibility.server.ts), so that the page hides what
 * they would refuse and says why once. The actions still decide for themselves on submit.
 */
export async function getOwnerOffer(
  db: Database,
  registrationNumber: string,
  note: { current: boolean; voided: boolean; seasonTicket: boolean },
  options: { now?: Date } = {},
): Promise<OwnerOffer> {
  return ownerOffer(note, await getNoteActionRefusals(db, registrationNumber, options));
}

/** The ticket's first and last UK days, or null when the note is not a season ticket. */
export function seasonTicketDays(note: Pick<WasteNote, "collection_date_time" | "season_ticket_until">) {
  if (!note.season_ticket_until) return null;
  return { from: ukDay(note.collection_date_time), until: note.season_ticket_until };
}

/** The note's whole view when the company owns it; null for no note or someone else's. */
export async function getOwnedNoteView(
  db: Database,
  noteId: string,
  registrationNumber: string | null | undefined,
): Promise<WasteNoteView | null> {
  if (!registrationNumber) return null;
  const view = await getWasteNoteView(db, noteId);
  return view && ownsNote(view.note, registrationNumber) ? view : null;
}
