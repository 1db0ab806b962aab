/**
 * The PDF renderer's child process (started by pdf-renderer.server.ts through ChildWorker): it
 * lays out one note at a time. Images reach it already re-encoded by sharp; should a decoder
 * still throw from a callback, only this process ends (decision 0006). Run directly from source,
 * or, once built, through server.mjs with CHILD_ROLE=pdf-renderer (servePdfTasks).
 */
import { pathToFileURL } from "node:url";
import { serveChildTasks } from "~/platform/child-worker.server";
import type { PdfTask } from "./pdf-renderer.server";
import { qrModules } from "./qr.server";
import { renderWasteNotePdf } from "./render-pdf.server";

const asBuffer = (b: Uint8Array | null | undefined) =>
  b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : null;

export function servePdfTasks(): void {
  serveChildTasks<PdfTask, Uint8Array>(async ({ note, images, viewUrl }) =>
    renderWasteNotePdf(
      note,
      {
        qr: asBuffer(images.qr)!,
        transferorSignature: asBuffer(images.transferorSignature),
        transfereeSignature: asBuffer(images.transfereeSignature),
        photos: images.photos.map((p) => ({ bytes: asBuffer(p.bytes)!, mime: p.mime })),
      },
      { viewUrl, qrModules: await qrModules(viewUrl) },
    ),
  );
}

// Started as the script itself (from source, under tsx): serve at once.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) servePdfTasks();
