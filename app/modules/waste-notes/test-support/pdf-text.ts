/** Test helper: the text of a PDF (all pages, whitespace collapsed), read with pdfjs-dist. */
import { createRequire } from "node:module";
import path from "node:path";

/** A PDF opened with pdfjs-dist (its standard fonts found); destroy it when done. */
export async function openPdf(pdf: Uint8Array) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const fonts = path.join(
    path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json")),
    "standard_fonts/",
  );
  return pdfjs.getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    standardFontDataUrl: fonts,
  }).promise;
}

export async function pdfText(pdf: Uint8Array): Promise<string> {
  const doc = await openPdf(pdf);
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await doc.destroy();
  return pages.join("\n").replace(/\s+/g, " ");
}
