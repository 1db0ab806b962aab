/**
 * What the 'waste-note.pdf' job does (jobs.server.ts): renders the note's PDF (in the renderer's child process, decision
 * 0006) from its description (describe-note.server.ts: items, versions, void, season ticket;
 * decision 0714) and QR code, stores both and sets pdf_url and qr_url. Safe to run again (it
 * overwrites the same keys): a note that is later superseded, voided or signed by the customer
 * gets its PDF made again, saying so. What it stores is the note as it is now (decision 0248): a
 * change while it renders (queueNotePdf raised pdf_generation) makes it render again.
 */
import type { Database } from "~/platform/db/database.server";
import type { WasteNote } from "~/platform/db/schema";
import { releaseUniqueKey } from "~/platform/jobs/queue.server";
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
            parties: {
              transferorName: note.transferor_name,
              transferorAddress: note.transferor_address,
              originAddress: note.origin_address,
            },
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

/** How many renders of a note that keeps changing under the job before the queue retries it later. */
const RENDERS_PER_ATTEMPT = 3;

/**
 * Renders the note and stores its PDF and QR code. `jobId` (the job running it) gives up the job's
 * unique key when the PDF is stored, so a change committed after that queues a new job.
 */
export async function generateWasteNotePdf(
  deps: GenerateDeps,
  id: string,
  options: { jobId?: string } = {},
): Promise<{ pdf: Buffer; qr: Buffer }> {
  for (let render = 0; render < RENDERS_PER_ATTEMPT; render++) {
    const view = await readPdfView(deps.db, id);
    if (!view) throw new Error(`Waste note ${id} not found`);
    const made = await renderNote(deps, view);
    if (await storeIfUnchanged(deps, view.note, made, options.jobId)) return made;
  }
  throw new Error(
    `Waste note ${id} changed during each of ${RENDERS_PER_ATTEMPT} renders: trying again later`,
  );
}

async function renderNote(deps: GenerateDeps, view: WasteNoteView): Promise<{ pdf: Buffer; qr: Buffer }> {
  const { storage, publicUrl } = deps;
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
  return { pdf, qr };
}

/**
 * Stores the files and sets pdf_url only if no change needing a new PDF was made since `read` was
 * read (its pdf_generation is still the note's). The note's row stays locked until the files are
 * stored, so a change waits for them and then hides them again (queueNotePdf); a render of an older
 * note can never overwrite a newer one. False when the note changed: render again.
 */
async function storeIfUnchanged(
  deps: GenerateDeps,
  read: WasteNote,
  made: { pdf: Buffer; qr: Buffer },
  jobId: string | undefined,
): Promise<boolean> {
  const { storage } = deps;
  return deps.db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom("waste_notes")
      .select("pdf_generation")
      .where("id", "=", read.id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) throw new Error(`Waste note ${read.id} not found`);
    if (current.pdf_generation !== read.pdf_generation) return false;
    await Promise.all([
      storage.put(pdfKey(read.id), made.pdf, { contentType: "application/pdf" }),
      storage.put(qrKey(read.id), made.qr, { contentType: "image/png" }),
    ]);
    await trx
      .updateTable("waste_notes")
      .set({ pdf_url: pdfPath(read.id), qr_url: qrPath(read.id) })
      .where("id", "=", read.id)
      .execute();
    if (jobId) await releaseUniqueKey(trx, jobId);
    return true;
  });
}
