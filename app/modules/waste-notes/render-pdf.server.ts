/**
 * Lays out a waste transfer note as an A4 PDF with pdfkit's built-in Helvetica: header with the
 * note id and QR code, then the law's list (regulation 35) in sections: Transferor,
 * Transferee / Carrier, Waste, Transfer, Declarations, Signatures, and the photos.
 */
import PDFDocument from "pdfkit";
import type { WasteNote } from "~/platform/db/schema";
import {
  HAZARDOUS_WARNING,
  PARTY_STATUSES,
  WASTE_HIERARCHY_DECLARATION,
  type PartyStatus,
} from "./constants";
import { containerLabel, LOOSE } from "./container-types.server";
import { formatDateTime } from "~/platform/dates";
import { findEwcCode } from "./ewc-codes.server";
import { describeRegisterCheck } from "./register-check";
import { SITE_NAME } from "~/platform/brand";

export interface PdfImages {
  qr: Buffer;
  transferorSignature?: Buffer | null;
  transfereeSignature?: Buffer | null;
  /** JPEG or PNG photos (pdfkit embeds only these; others are listed by name). */
  photos: Array<{ bytes: Buffer; mime: string }>;
}

const GREEN = "#166534";
const INK = "#0f172a";
const MUTED = "#475569";
const LINE = "#cbd5e1";
const PAGE = { width: 595.28, height: 841.89, margin: 40 };
const CONTENT_W = PAGE.width - PAGE.margin * 2;

/** The standard PDF fonts speak WinAnsi: keep what it can show, replace the rest. */
function safe(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFC")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[^\t\n\r\x20-\x7e\xa0-\xff\u20ac]/g, "?");
}

const statusText = (list: string[], details: Partial<Record<PartyStatus, string | null>>) =>
  list
    .map((s) => {
      const label = PARTY_STATUSES[s as PartyStatus] ?? s;
      const detail = details[s as PartyStatus];
      return detail ? `${label}: ${detail}` : label;
    })
    .join("\n") || "-";

type Doc = InstanceType<typeof PDFDocument>;
type QrModules = { size: number; dark: (x: number, y: number) => boolean };
type RenderOptions = { viewUrl: string; qrModules?: QrModules };

/** The shared layout helpers every section draws with: page breaks, section bars and label/value grids. */
interface PdfLayout {
  doc: Doc;
  /** Starts a new page unless `height` more points fit on this one. */
  ensure: (height: number) => void;
  /** A green section bar, kept on the same page as `keepWith` points of what follows. */
  section: (title: string, keepWith?: number) => void;
  /** Rows of label/value cells, `columns` per row, each cell as tall as its text. */
  grid: (cells: Array<[string, string]>, columns?: number) => void;
}

/** Builds the layout helpers (page-break check, section bar, label/value grid) around one document. */
function createLayout(doc: Doc): PdfLayout {
  const bottom = () => PAGE.height - PAGE.margin - 24;
  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  const section = (title: string, keepWith = 60) => {
    ensure(keepWith);
    doc.moveDown(0.4);
    const y = doc.y;
    doc.rect(PAGE.margin, y, CONTENT_W, 18).fill("#ecfdf5");
    doc.rect(PAGE.margin, y, 3, 18).fill(GREEN);
    doc
      .fillColor(GREEN)
      .font("Helvetica-Bold")
      .fontSize(10.5)
      .text(title.toUpperCase(), PAGE.margin + 10, y + 5, { characterSpacing: 0.5 });
    doc.y = y + 24;
  };

  const grid = (cells: Array<[string, string]>, columns = 2) => {
    const gap = 14;
    const cellW = (CONTENT_W - gap * (columns - 1)) / columns;
    for (let i = 0; i < cells.length; i += columns) {
      const row = cells.slice(i, i + columns);
      const heights = row.map(([label, value]) => {
        doc.font("Helvetica").fontSize(7.5);
        const lh = doc.heightOfString(label.toUpperCase(), { width: cellW });
        doc.font("Helvetica").fontSize(9.5);
        return lh + 2 + doc.heightOfString(safe(value) || "-", { width: cellW });
      });
      const h = Math.max(...heights);
      ensure(h + 8);
      const y = doc.y;
      row.forEach(([label, value], j) => {
        const x = PAGE.margin + j * (cellW + gap);
        doc
          .fillColor(MUTED)
          .font("Helvetica")
          .fontSize(7.5)
          .text(label.toUpperCase(), x, y, { width: cellW, characterSpacing: 0.3 });
        doc
          .fillColor(INK)
          .font("Helvetica")
          .fontSize(9.5)
          .text(safe(value) || "-", x, doc.y + 2, { width: cellW });
      });
      doc.y = y + h + 8;
    }
  };

  return { doc, ensure, section, grid };
}

/** Draws the green header band: title, legal basis and the QR code (vector modules or the PNG). */
function drawHeader(doc: Doc, images: PdfImages, qr: QrModules | undefined): void {
  doc.rect(0, 0, PAGE.width, 96).fill(GREEN);
  doc
    .fillColor("#ffffff")
    .font("Helvetica-Bold")
    .fontSize(22)
    .text("Waste Transfer Note", PAGE.margin, 26, { lineBreak: false });
  doc
    .font("Helvetica")
    .fontSize(8.5)
    .text(
      "Duty of Care: Environmental Protection Act 1990, section 34\nWaste (England and Wales) Regulations 2011, regulation 35",
      PAGE.margin,
      55,
      { width: CONTENT_W - 110 },
    );
  const x0 = PAGE.width - PAGE.margin - 78;
  if (qr) {
    // White tile with a quiet zone, then the dark modules as one vector path.
    doc.rect(x0, 9, 78, 78).fill("#ffffff");
    const cell = 70 / qr.size;
    for (let y = 0; y < qr.size; y++) {
      for (let x = 0; x < qr.size; x++)
        if (qr.dark(x, y)) doc.rect(x0 + 4 + x * cell, 13 + y * cell, cell + 0.05, cell + 0.05);
    }
    doc.fill("#000000");
  } else {
    doc.image(images.qr, x0, 9, { width: 78, height: 78 });
  }
}

/** Draws the note id, creation time and the verify-online link under the header. */
function drawNoteMeta(doc: Doc, note: WasteNote, viewUrl: string): void {
  doc.y = 110;
  doc
    .fillColor(INK)
    .font("Helvetica-Bold")
    .fontSize(9)
    .text("Note ID  ", PAGE.margin, 110, { continued: true });
  doc.font("Helvetica").text(note.id);
  doc.font("Helvetica-Bold").text("Created  ", { continued: true });
  doc.font("Helvetica").text(formatDateTime(note.created_at));
  doc.font("Helvetica-Bold").text("Verify online  ", { continued: true });
  doc.font("Helvetica").fillColor(GREEN).text(viewUrl, { link: viewUrl });
  doc.moveDown(0.6);
}

/** Draws the red hazardous-waste warning box (only for hazardous notes). */
function drawHazardousWarning(doc: Doc, note: WasteNote): void {
  if (!note.hazardous) return;
  const h = doc.heightOfString(HAZARDOUS_WARNING, { width: CONTENT_W - 20 }) + 26;
  const y = doc.y;
  doc.rect(PAGE.margin, y, CONTENT_W, h).fillAndStroke("#fef2f2", "#dc2626");
  doc
    .fillColor("#991b1b")
    .font("Helvetica-Bold")
    .fontSize(9.5)
    .text("HAZARDOUS WASTE", PAGE.margin + 10, y + 7);
  doc
    .font("Helvetica")
    .fontSize(8.5)
    .text(HAZARDOUS_WARNING, PAGE.margin + 10, doc.y + 1, { width: CONTENT_W - 20 });
  doc.y = y + h + 8;
}

/** Section 1: the transferor (person handing over the waste). */
function drawTransferor({ section, grid }: PdfLayout, note: WasteNote): void {
  section("1. Transferor (person handing over the waste)");
  grid([
    ["Name", note.transferor_name],
    ["SIC code (2007)", note.transferor_sic_code ?? "Not applicable (householder)"],
    ["Address", note.transferor_address],
    [
      "Status",
      statusText(note.transferor_status, {
        permit_holder: note.transferor_permit_number && `permit ${note.transferor_permit_number}`,
        exempt: note.transferor_exemption,
        registered_carrier: note.transferor_registration && `registration ${note.transferor_registration}`,
      }),
    ],
  ]);
}

/** Section 2: the transferee / carrier (person receiving the waste) and the register check. */
function drawTransferee({ section, grid }: PdfLayout, note: WasteNote): void {
  section("2. Transferee / Carrier (person receiving the waste)");
  grid([
    ["Company", note.carrier_company],
    ["Carrier registration number", note.carrier_license],
    ["Address", note.carrier_address],
    [
      "Status",
      statusText(note.transferee_status, {
        registered_carrier: `registration ${note.carrier_license}`,
        permit_holder: note.transferee_permit_number && `permit ${note.transferee_permit_number}`,
        exempt: note.transferee_exemption,
      }),
    ],
    ["Vehicle registration", note.vehicle_reg],
    ["Register check", describeRegisterCheck(note).text],
  ]);
}

/** Section 3: the waste (description, EWC code, type, hazard, quantity, containment). */
function drawWaste({ section, grid }: PdfLayout, note: WasteNote): void {
  section("3. Waste");
  const ewc = findEwcCode(note.ewc_code);
  const container =
    note.container_type === LOOSE
      ? "Loose (no container)"
      : `${note.container_count ?? 1} x ${containerLabel(note.container_type)} (${note.container_type})`;
  grid([
    ["Description of the waste", note.description],
    ["EWC (List of Wastes) code", `${note.ewc_code}${ewc ? ` - ${ewc.description}` : ""}`],
    ["Waste type", note.waste_type],
    ["Hazardous", note.hazardous ? "Yes - consignment note required" : "No"],
    [
      "Quantity (weight)",
      `${Number(note.weight).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kg`,
    ],
    ["Containment", container],
  ]);
}

/** Section 4: the transfer (time, place, broker or dealer). */
function drawTransfer({ section, grid }: PdfLayout, note: WasteNote): void {
  section("4. Transfer");
  grid([
    ["Date and time of transfer", formatDateTime(note.collection_date_time)],
    ["Place of transfer (origin of the waste)", note.origin_address],
    ["Broker or dealer who arranged the transfer", note.broker_name ? `${note.broker_name}` : "None"],
    ["Broker or dealer registration number", note.broker_registration ?? "-"],
  ]);
}

/** Section 5: the waste hierarchy tick box and both parties' declaration. */
function drawDeclarations({ doc, section, ensure }: PdfLayout, note: WasteNote): void {
  section("5. Declarations");
  ensure(40);
  const y = doc.y;
  doc
    .rect(PAGE.margin, y + 1, 9, 9)
    .lineWidth(1)
    .stroke(INK);
  if (note.waste_hierarchy_confirmed) {
    doc
      .moveTo(PAGE.margin + 2, y + 6)
      .lineTo(PAGE.margin + 4, y + 9)
      .lineTo(PAGE.margin + 8, y + 2)
      .lineWidth(1.4)
      .stroke(GREEN);
  }
  doc
    .fillColor(INK)
    .font("Helvetica")
    .fontSize(9)
    .text(`Waste hierarchy: ${WASTE_HIERARCHY_DECLARATION}`, PAGE.margin + 16, y, {
      width: CONTENT_W - 16,
    });
  doc.moveDown(0.4);
  doc
    .fillColor(MUTED)
    .fontSize(8.5)
    .text(
      "Both parties confirm that the information on this note is correct and that the waste has been transferred to an authorised person. Both parties must keep this note for at least 2 years.",
      PAGE.margin,
      doc.y,
      { width: CONTENT_W },
    );
  doc.moveDown(0.4);
}

const SIGNATURE_BOX_W = (CONTENT_W - 14) / 2;

/** One signature box: caption, drawn signature (or the typed name in italics), name and time. */
function drawSignatureBox(
  doc: Doc,
  box: {
    caption: string;
    name: string;
    image: Buffer | null | undefined;
    left: number;
    top: number;
    signed: Parameters<typeof formatDateTime>[0];
  },
): void {
  const { caption, name, image, left, top: y, signed } = box;
  const boxW = SIGNATURE_BOX_W;
  doc.roundedRect(left, y, boxW, 96, 4).lineWidth(0.8).stroke(LINE);
  doc
    .fillColor(MUTED)
    .font("Helvetica")
    .fontSize(7.5)
    .text(caption.toUpperCase(), left + 8, y + 7, { characterSpacing: 0.3 });
  if (image) {
    try {
      doc.image(image, left + 8, y + 18, { fit: [boxW - 16, 40] });
    } catch {
      /* an unreadable drawing: the typed name below is the signature */
    }
  } else {
    doc
      .fillColor(INK)
      .font("Helvetica-Oblique")
      .fontSize(15)
      .text(safe(name), left + 8, y + 30, { width: boxW - 16, lineBreak: false });
  }
  doc
    .moveTo(left + 8, y + 62)
    .lineTo(left + boxW - 8, y + 62)
    .lineWidth(0.5)
    .stroke(LINE);
  doc
    .fillColor(INK)
    .font("Helvetica-Bold")
    .fontSize(9)
    .text(safe(name), left + 8, y + 67, { width: boxW - 16 });
  doc
    .fillColor(MUTED)
    .font("Helvetica")
    .fontSize(8)
    .text(`Signed electronically ${formatDateTime(signed)}`, left + 8, y + 80);
}

/** Section 6: the transferor's and the transferee's signature boxes side by side. */
function drawSignatures({ doc, section }: PdfLayout, note: WasteNote, images: PdfImages): void {
  section("6. Signatures", 140);
  const y = doc.y;
  const signed = note.signed_at ?? note.created_at;
  drawSignatureBox(doc, {
    caption: "Transferor signature",
    name: note.transferor_signature_name,
    image: images.transferorSignature,
    left: PAGE.margin,
    top: y,
    signed,
  });
  drawSignatureBox(doc, {
    caption: "Transferee / carrier signature",
    name: note.transferee_signature_name,
    image: images.transfereeSignature,
    left: PAGE.margin + SIGNATURE_BOX_W + 14,
    top: y,
    signed,
  });
  doc.y = y + 106;
}

/** Section 7: up to three photos in a row (a caption for formats pdfkit cannot embed). */
function drawPhotos({ doc, section }: PdfLayout, photos: PdfImages["photos"]): void {
  if (photos.length === 0) return;
  const w = (CONTENT_W - 2 * 12) / 3;
  section("7. Photos", w * 0.75 + 40);
  const y = doc.y;
  photos.forEach((p, i) => {
    const x = PAGE.margin + i * (w + 12);
    doc
      .rect(x, y, w, w * 0.75)
      .lineWidth(0.5)
      .stroke(LINE);
    if (p.mime === "image/jpeg" || p.mime === "image/png") {
      try {
        doc.image(p.bytes, x + 2, y + 2, { fit: [w - 4, w * 0.75 - 4], align: "center", valign: "center" });
        return;
      } catch {
        /* fall through to the caption */
      }
    }
    doc
      .fillColor(MUTED)
      .fontSize(8)
      .text(
        `Photo ${i + 1} (${p.mime.replace("image/", "").toUpperCase()}, see the online note)`,
        x + 6,
        y + w * 0.35,
        {
          width: w - 12,
          align: "center",
        },
      );
  });
  doc.y = y + w * 0.75 + 10;
}

/** Draws the footer (note id, keep-for-2-years reminder, page x of y) on every buffered page. */
function drawFooters(doc: Doc, note: WasteNote): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0; // the footer sits in the bottom margin; no page break for it
    const y = PAGE.height - PAGE.margin - 10;
    doc
      .moveTo(PAGE.margin, y - 6)
      .lineTo(PAGE.width - PAGE.margin, y - 6)
      .lineWidth(0.5)
      .stroke(LINE);
    doc
      .fillColor(MUTED)
      .font("Helvetica")
      .fontSize(7.5)
      .text(
        `Waste transfer note ${note.id}  |  Both parties keep this note for at least 2 years`,
        PAGE.margin,
        y,
        {
          width: CONTENT_W - 60,
          lineBreak: false,
        },
      );
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, PAGE.width - PAGE.margin - 60, y, {
      width: 60,
      align: "right",
      lineBreak: false,
    });
  }
}

/** Opens an A4 document with the note's metadata and collects its bytes until `end`. */
function openDocument(note: WasteNote): { doc: Doc; done: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.margin, bottom: PAGE.margin + 20, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: {
      Title: `Waste Transfer Note ${note.id}`,
      Author: safe(note.carrier_company),
      Subject: "Waste transfer note (Duty of Care)",
      Creator: SITE_NAME,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

/** Renders the whole note as an A4 PDF: header, the numbered sections, photos, then footers. */
export function renderWasteNotePdf(
  note: WasteNote,
  images: PdfImages,
  options: RenderOptions,
): Promise<Buffer> {
  const { doc, done } = openDocument(note);
  drawHeader(doc, images, options.qrModules);
  drawNoteMeta(doc, note, options.viewUrl);
  drawHazardousWarning(doc, note);

  const layout = createLayout(doc);
  drawTransferor(layout, note);
  drawTransferee(layout, note);
  drawWaste(layout, note);
  drawTransfer(layout, note);
  drawDeclarations(layout, note);
  drawSignatures(layout, note, images);
  drawPhotos(layout, images.photos);

  drawFooters(doc, note);
  doc.end();
  return done;
}
