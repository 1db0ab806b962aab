/** Reads a note's stored file (PDF, QR, photo) for the routes that serve them. */
import type { Database } from "~/platform/db/database.server";
import type { StoredFile, Storage } from "~/platform/storage/storage.server";
import { getWasteNote } from "./get-note.server";
import { pdfKey, qrKey } from "./storage-keys";

export type NoteFile = "pdf" | "qr" | { photo: number } | { signature: "transferor" | "transferee" };

export type NoteFileResult =
  { status: "ok"; file: StoredFile } | { status: "no-note" } | { status: "not-ready" };

export async function readNoteFile(
  deps: { db: Database; storage: Storage },
  id: string,
  which: NoteFile,
): Promise<NoteFileResult> {
  const note = await getWasteNote(deps.db, id);
  if (!note) return { status: "no-note" };
  let key: string | undefined;
  if (which === "pdf") key = note.pdf_url ? pdfKey(note.id) : undefined;
  else if (which === "qr") key = note.qr_url ? qrKey(note.id) : undefined;
  else if ("photo" in which) key = note.photo_keys[which.photo - 1];
  else
    key =
      (which.signature === "transferor" ? note.transferor_signature_key : note.transferee_signature_key) ??
      undefined;
  if (!key) return which === "pdf" || which === "qr" ? { status: "not-ready" } : { status: "no-note" };
  const file = await deps.storage.get(key);
  return file ? { status: "ok", file } : { status: "not-ready" };
}
