/**
 * A company's own notes (decision 0711): a note read under a row lock inside the transaction of a
 * change to it (void, a season ticket's transfer), so that a correction or a void at the same
 * moment waits for it; the whole view of an owned note (the form filled from it, the void and
 * transfer pages); what the note's page offers its owner; a series' latest version. Someone
 * else's note reads as no note at all (the routes answer 404, never "not yours").
 */
import { ukDay } from "~/platform/dates";
import type { Database } from "~/platform/db/database.server";
import type { WasteNote } from "~/platform/db/schema";
import { getWasteNoteView, type WasteNoteView } from "./get-note.server";
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
