/**
 * The PDF renderer runs in a child process with a time and memory limit (decision 0006): pdfkit
 * decodes the images it embeds, and a decoder that throws from a native callback would otherwise
 * end the web server. `createPdfRenderer` gives the job handler a function that renders in that
 * child; `renderInProcess` is the same layout in this process, for tools that want no child.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ChildWorker } from "~/platform/child-worker.server";
import type { Logger } from "~/platform/logger.server";
import { projectRoot } from "~/platform/paths.server";
import type { NoteDescription } from "./describe-note.server";
import { qrModules } from "./qr.server";
import { renderWasteNotePdf, type PdfImages } from "./render-pdf.server";

export interface PdfTask {
  /** The note as the view page describes it (plain data: it crosses to the child as it is). */
  note: NoteDescription;
  images: PdfImages;
  viewUrl: string;
}

export type PdfRenderer = (task: PdfTask) => Promise<Buffer>;

/** Limits for one note: generous for three 10 MB photos, far below what would hurt the server. */
export const PDF_LIMITS = { timeoutMs: 30_000, maxHeapMb: 256, maxRssMb: 512 };

/** The child role server.mjs takes when started with CHILD_ROLE set to it. */
export const PDF_CHILD_ROLE = "pdf-renderer";

/**
 * What the child runs: from source (tests, tools under tsx) the child's own module; once built,
 * everything is in one server bundle, so the child is server.mjs in the PDF renderer's role.
 */
export function pdfChildScript(): { script: string; execArgv: string[]; env: Record<string, string> } {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) {
    return { script: path.join(path.dirname(here), "pdf-child.ts"), execArgv: ["--import", "tsx"], env: {} };
  }
  return {
    script: path.join(projectRoot(), "server.mjs"),
    execArgv: [],
    env: { CHILD_ROLE: PDF_CHILD_ROLE },
  };
}

export interface PdfRendererHandle {
  render: PdfRenderer;
  close(): Promise<void>;
}

export function createPdfRenderer(log: Logger, limits: Partial<typeof PDF_LIMITS> = {}): PdfRendererHandle {
  const worker = new ChildWorker<PdfTask, Uint8Array>({
    ...pdfChildScript(),
    ...PDF_LIMITS,
    ...limits,
    log,
    name: "PDF renderer",
  });
  return {
    render: async (task) => {
      const bytes = await worker.run(task);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    close: () => worker.close(),
  };
}

export const renderInProcess: PdfRenderer = async ({ note, images, viewUrl }) =>
  renderWasteNotePdf(note, images, { viewUrl, qrModules: await qrModules(viewUrl) });
