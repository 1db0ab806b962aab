/**
 * What the 'waste-note.pdf' job does (jobs.server.ts): renders the note's PDF (in the renderer's child process, decision
 * 0006) and QR code, stores both and sets pdf_url and qr_url. Safe to run again (it overwrites
 * the same keys).
 */
import type { Database } from "~/platform/db/database.server";
import type { Storage } from "~/platform/storage/storage.server";
import { getWasteNote } from "./get-note.server";
import type { PdfRenderer } from "./pdf-renderer.server";
import { renderQrPng } from "./qr.server";
import { pdfKey, pdfPath, qrKey, qrPath, viewPath } from "./storage-keys";

export interface GenerateDeps {
  db: Database;
  storage: Storage;
  publicUrl: string;
  render: PdfRenderer;
}

export async function generateWasteNotePdf(
  deps: GenerateDeps,
  id: string,
): Promise<{ pdf: Buffer; qr: Buffer }> {
  const { db, storage, publicUrl } = deps;
  const note = await getWasteNote(db, id);
  if (!note) throw new Error(`Waste note ${id} not found`);
  const viewUrl = `${publicUrl}${viewPath(note.id)}`;
  const qr = await renderQrPng(viewUrl);
  const read = async (key: string | null) => (key ? ((await storage.get(key))?.body ?? null) : null);
  const photos = [];
  for (const key of note.photo_keys) {
    const file = await storage.get(key);
    if (file) photos.push({ bytes: file.body, mime: file.contentType });
  }
  const pdf = await deps.render({
    note,
    images: {
      qr,
      transferorSignature: await read(note.transferor_signature_key),
      transfereeSignature: await read(note.transferee_signature_key),
      photos,
    },
    viewUrl,
  });
  await storage.put(pdfKey(note.id), pdf, { contentType: "application/pdf" });
  await storage.put(qrKey(note.id), qr, { contentType: "image/png" });
  await db
    .updateTable("waste_notes")
    .set({ pdf_url: pdfPath(note.id), qr_url: qrPath(note.id) })
    .where("id", "=", note.id)
    .execute();
  return { pdf, qr };
}
