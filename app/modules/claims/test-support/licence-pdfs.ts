/**
 * PDFs for the licence-document tests (Vitest and e2e): a small, well-formed certificate, and the
 * kinds the claim wizard must refuse (scripts, hidden or compressed; launch actions; embedded
 * files; encryption; damage). Built byte by byte with a correct cross-reference table.
 */
import zlib from "node:zlib";

/** A PDF whose objects are `objects` (object 1 is the catalogue), with a valid xref and trailer. */
export function buildPdf(objects: (string | Buffer)[], trailerExtra = ""): Buffer {
  const head = Buffer.from("%PDF-1.7\n%\xE2\xE3\xCF\xD3\n", "latin1");
  const parts: Buffer[] = [head];
  const offsets: number[] = [];
  let length = head.length;
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      typeof body === "string" ? Buffer.from(body, "latin1") : body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    offsets.push(length);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("") +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra}>>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, "latin1"));
  return Buffer.concat(parts);
}

function stream(content: Buffer | string, dict = ""): Buffer {
  const data = typeof content === "string" ? Buffer.from(content, "latin1") : content;
  return Buffer.concat([
    Buffer.from(`<< /Length ${data.length} ${dict}>>\nstream\n`, "latin1"),
    data,
    Buffer.from("\nendstream", "latin1"),
  ]);
}

/** One page saying `text`, the objects a certificate needs; `catalogExtra` goes in the catalogue. */
function pages(text: string, catalogExtra = ""): (string | Buffer)[] {
  return [
    `<< /Type /Catalog /Pages 2 0 R ${catalogExtra}>>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    stream(`BT /F1 20 Tf 72 760 Td (${text}) Tj ET`),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
}

/** A small, clean registration certificate. */
export function licencePdf(text = "Waste carrier registration certificate"): Buffer {
  return buildPdf(pages(text));
}

/** Opens with a script (an /OpenAction of type /JavaScript). */
export function pdfWithJavaScript(): Buffer {
  return buildPdf([
    ...pages("Certificate", "/OpenAction 6 0 R "),
    "<< /S /JavaScript /JS (app.alert('hello')) >>",
  ]);
}

/** The same, with the names written with #xx escapes (/J#61vaScript is /JavaScript). */
export function pdfWithEscapedJavaScript(): Buffer {
  return buildPdf([
    ...pages("Certificate", "/OpenAction 6 0 R "),
    "<< /S /J#61vaScript /J#53 (app.alert('hello')) >>",
  ]);
}

/** The script's action hidden in a compressed object stream. */
export function pdfWithJavaScriptInObjectStream(): Buffer {
  const hidden = "<< /S /JavaScript /JS (app.alert('hello')) >>";
  const header = "7 0 ";
  const data = zlib.deflateSync(Buffer.from(header + hidden, "latin1"));
  return buildPdf([
    ...pages("Certificate", "/OpenAction 7 0 R "),
    stream(data, `/Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode `),
  ]);
}

/** Launches a program when opened. */
export function pdfWithLaunchAction(): Buffer {
  return buildPdf([...pages("Certificate", "/OpenAction 6 0 R "), "<< /S /Launch /F (calc.exe) >>"]);
}

/** Carries another file. */
export function pdfWithEmbeddedFile(): Buffer {
  return buildPdf([
    ...pages("Certificate", "/Names << /EmbeddedFiles 6 0 R >> "),
    "<< /Names [(a.exe) 7 0 R] >>",
    stream("MZ", "/Type /EmbeddedFile "),
  ]);
}

/** Password-protected (the trailer names an encryption dictionary). */
export function encryptedPdf(): Buffer {
  return buildPdf(
    [...pages("Certificate"), "<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>"],
    "/Encrypt 6 0 R ",
  );
}

/** Cut short: the end of the file (cross-references, %%EOF) is missing. */
export function truncatedPdf(): Buffer {
  const whole = licencePdf();
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** Looks like a PDF only by name: plain text. */
export function notAPdf(): Buffer {
  return Buffer.from("This is not a PDF, whatever its name says.\n", "utf8");
}
