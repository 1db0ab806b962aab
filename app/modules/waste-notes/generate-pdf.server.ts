/**
 * The 'waste-note.pdf' job: renders the note's PDF and QR code, stores both and sets pdf_url and
 * qr_url. Safe to run again (it overwrites the same keys).
 */
import QRCode from "qrcode";
import type { Database } from "~/platform/db/database.server";
import type { Storage } from "~/platform/storage/storage.server";
import { getWasteNote } from "./get-note.server";
import { renderWasteNotePdf } from "./render-pdf.server";
import { pdfKey, pdfPath, qrKey, qrPath, viewPath } from "./storage-keys";

export interface GenerateDeps {
  db: Database;
  storage: Storage;
  publicUrl: string;
}

export async function renderQrPng(url: string): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: "M", margin: 2, scale: 6 });
}

export async function generateWasteNotePdf(deps: GenerateDeps, id: string): Promise<{ pdf: Buffer; qr: Buffer }> {
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
  const pdf = await renderWasteNotePdf(
    note,
    {
      qr,
      transferorSignature: await read(note.transferor_signature_key),
      transfereeSignature: await read(note.transferee_signature_key),
      photos,
    },
    { viewUrl, qrModules: qrModules(viewUrl) },
  );
  await storage.put(pdfKey(note.id), pdf, { contentType: "application/pdf" });
  await storage.put(qrKey(note.id), qr, { contentType: "image/png" });
  await db.updateTable("waste_notes").set({ pdf_url: pdfPath(note.id), qr_url: qrPath(note.id) }).where("id", "=", note.id).execute();
  return { pdf, qr };
}

/** The QR code's dark modules, for drawing it as vectors in the PDF (sharp in print, and fast). */
export function qrModules(url: string): { size: number; dark: (x: number, y: number) => boolean } {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: "M" });
  return { size: modules.size, dark: (x, y) => !!modules.get(y, x) };
}

/** The job handler, for registerJobs (server/boot.ts). */
export function wasteNotePdfJob(deps: Omit<GenerateDeps, "db">) {
  return async (payload: Record<string, unknown>, helpers: { db: Database }) => {
    const id = typeof payload.id === "string" ? payload.id : "";
    await generateWasteNotePdf({ ...deps, db: helpers.db }, id);
  };
}
