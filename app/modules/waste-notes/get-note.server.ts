/** Reads one note by id, with the carrier's register status now (for the verification line). */
import type { Database } from "~/platform/db/database.server";
import type { WasteNote } from "~/platform/db/schema";
import { lookUpCarrierStatus, type CarrierStatus } from "./carrier-status.server";
import { UUID_RE } from "./storage-keys";

export interface WasteNoteView {
  note: WasteNote;
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

export async function getWasteNoteView(
  db: Database,
  id: string,
  now = new Date(),
): Promise<WasteNoteView | null> {
  const note = await getWasteNote(db, id);
  if (!note) return null;
  return { note, carrierStatusNow: await lookUpCarrierStatus(db, note.carrier_license, now) };
}
