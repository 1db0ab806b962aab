/**
 * Reads one note by id, with its waste items, the versions of its series, a season ticket's
 * transfers, and the carrier's register status now (for the verification line).
 */
import type { Database } from "~/platform/db/database.server";
import type { WasteNote, WasteNoteItem, WasteNoteTransfer } from "~/platform/db/schema";
import { lookUpCarrierStatus, type CarrierStatus } from "./carrier-status.server";
import type { NoteParties } from "./correction-rules";
import { UUID_RE } from "./storage-keys";

/** One version of a note's series (a correction supersedes the version before it). */
export interface NoteVersion {
  id: string;
  version: number;
  createdAt: Date;
  supersededAt: Date | null;
  voidedAt: Date | null;
  /** Who and where: a version is linked for anyone but the owner only when these match (decision 0272). */
  parties: NoteParties;
}

export interface WasteNoteView {
  note: WasteNote;
  /** The note's waste items in order; a note written before items existed reads as one item. */
  items: WasteNoteItem[];
  /** Every version of the note's series, oldest first (one entry for a note never corrected). */
  versions: NoteVersion[];
  /** A season ticket's schedule of transfers, oldest first (empty for a single transfer). */
  transfers: WasteNoteTransfer[];
  carrierStatusNow: CarrierStatus;
}

/** The note, or null when the id is not a note's (ids that are not UUIDs never reach the database). */
export async function getWasteNote(db: Database, id: string): Promise<WasteNote | null> {
  if (!UUID_RE.test(id)) return null;
  return (
    (await db.selectFrom("waste_notes").selectAll().where("id", "=", id.toLowerCase()).executeTakeFirst()) ??
    null
  );
}

/** The note's own columns read as its one item (rows written without item rows). */
export function legacyItem(note: WasteNote): WasteNoteItem {
  const weight = Number(note.weight);
  return {
    note_id: note.id,
    position: 1,
    ewc_codes: [note.ewc_code],
    description: note.description,
    physical_form: "Solid",
    quantity: weight > 0 ? note.weight : "0.001",
    unit: "kg",
    estimated: !(weight > 0),
    container_type: note.container_type,
    container_count: note.container_count,
    hazardous: note.hazardous,
    disposal_code: null,
  };
}

/** The waste items of several notes at once, each list in order (legacy notes read as one item). */
export async function getNoteItems(db: Database, notes: WasteNote[]): Promise<Map<string, WasteNoteItem[]>> {
  const byNote = new Map<string, WasteNoteItem[]>(notes.map((n) => [n.id, []]));
  if (notes.length > 0) {
    const rows = await db
      .selectFrom("waste_note_items")
      .selectAll()
      .where(
        "note_id",
        "in",
        notes.map((n) => n.id),
      )
      .orderBy("note_id")
      .orderBy("position")
      .execute();
    for (const row of rows) byNote.get(row.note_id)?.push(row);
  }
  for (const note of notes) if (byNote.get(note.id)!.length === 0) byNote.set(note.id, [legacyItem(note)]);
  return byNote;
}

export async function getNoteVersions(db: Database, seriesId: string): Promise<NoteVersion[]> {
  const rows = await db
    .selectFrom("waste_notes")
    .select([
      "id",
      "version",
      "created_at",
      "superseded_at",
      "voided_at",
      "transferor_name",
      "transferor_address",
      "origin_address",
    ])
    .where("series_id", "=", seriesId)
    .orderBy("version")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    createdAt: r.created_at,
    supersededAt: r.superseded_at,
    voidedAt: r.voided_at,
    parties: {
      transferorName: r.transferor_name,
      transferorAddress: r.transferor_address,
      originAddress: r.origin_address,
    },
  }));
}

export async function getWasteNoteView(
  db: Database,
  id: string,
  now = new Date(),
): Promise<WasteNoteView | null> {
  const note = await getWasteNote(db, id);
  if (!note) return null;
  const [items, versions, transfers, carrierStatusNow] = await Promise.all([
    getNoteItems(db, [note]).then((m) => m.get(note.id)!),
    getNoteVersions(db, note.series_id),
    db
      .selectFrom("waste_note_transfers")
      .selectAll()
      .where("note_id", "=", note.id)
      .orderBy("transferred_at")
      .execute(),
    lookUpCarrierStatus(db, note.carrier_license, now),
  ]);
  return { note, items, versions, transfers, carrierStatusNow };
}
