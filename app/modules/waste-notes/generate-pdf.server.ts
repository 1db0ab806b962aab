/**
 * What the 'waste-note.pdf' job does (jobs.server.ts): renders the note's PDF (in the renderer's child process, decision
 * 0006) from its description (describe-note.server.ts: items, versions, void, season ticket;
 * decision 0714) and QR code, stores both and sets pdf_url and qr_url. Safe to run again (it
 * overwrites the same keys): a note that is later superseded, voided or signed by the customer
 * gets its PDF made again, saying so.
 */
import type { Database } from "~/platform/db/database.server";
import type { Storage } from "~/platform/storage/storage.server";
import type { CarrierStatus } from "./carrier-status.server";
import { describeNote } from "./describe-note.server";
import { getNoteItems, getNoteVersions, getWasteNote, type WasteNoteView } from "./get-note.server";
import type { PdfRenderer } from "./pdf-renderer.server";
import { renderQrPng } from "./qr.server";
import { pdfKey, pdfPath, qrKey, qrPath, viewPath } from "./storage-keys";

export interface GenerateDeps {
  db: Database;
  storage: Storage;
  publicUrl: string;
  render: PdfRenderer;
}

/**
 * What the PDF needs of the note's view, in as few reads as the note allows: the versions only for
 * a corrected or superseded note, the transfers only for a season ticket. The PDF shows the
 * register check made when the note was written, never the status now, so that is not looked up.
 */
async function readPdfView(db: Database, id: string): Promise<WasteNoteView | null> {
  const note = await getWasteNote(db, id);
  if (!note) return null;
  const [items, versions, transfers] = await Promise.all([
    getNoteItems(db, [note]).then((m) => m.get(note.id)!),
    note.version > 1 || note.superseded_at
      ? getNoteVersions(db, note.series_id)
      : [
          {
            id: note.id,
            version: note.version,
            createdAt: note.created_at,
            supersededAt: null,
            voidedAt: note.voided_at,
          },
        ],
    note.season_ticket_until
      ? db
          .selectFrom("waste_note_transfers")
          .selectAll()
          .where("note_id", "=", note.id)
          .orderBy("transferred_at")
          .execute()
      : [],
  ]);
  const carrierStatusNow = (note.carrier_status_at_creation ?? "not_checked") as CarrierStatus;
  return { note, items, versions, transfers, carrierStatusNow };
}

export async function generateWasteNotePdf(
  deps: GenerateDeps,
  id: string,
): Promise<{ pdf: Buffer; qr: Buffer }> {
  const { db, storage, publicUrl } = deps;
  const view = await readPdfView(db, id);
  if (!view) throw new Error(`Waste note ${id} not found`);
  const { note } = view;
  const viewUrl = `${publicUrl}${viewPath(note.id)}`;
  const read = async (key: string | null) => (key ? ((await storage.get(key))?.body ?? null) : null);
  const [qr, transferorSignature, transfereeSignature, files] = await Promise.all([
    renderQrPng(viewUrl),
    read(note.transferor_signature_key),
    read(note.transferee_signature_key),
    Promise.all(note.photo_keys.map((key) => storage.get(key))),
  ]);
  const photos = files.flatMap((file) => (file ? [{ bytes: file.body, mime: file.contentType }] : []));
  const pdf = await deps.render({
    note: describeNote(view),
    images: { qr, transferorSignature, transfereeSignature, photos },
    viewUrl,
  });
  await Promise.all([
    storage.put(pdfKey(note.id), pdf, { contentType: "application/pdf" }),
    storage.put(qrKey(note.id), qr, { contentType: "image/png" }),
  ]);
  await db
    .updateTable("waste_notes")
    .set({ pdf_url: pdfPath(note.id), qr_url: qrPath(note.id) })
    .where("id", "=", note.id)
    .execute();
  return { pdf, qr };
}
