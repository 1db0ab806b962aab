/**
 * Lays out a waste transfer note as an A4 PDF (decision 0714) from its description (the same
 * words and dates as the view page): a header with the note id and QR code; the version or void
 * line; then the law's list (regulation 35): the parties side by side, the waste as a table of
 * items, the transfer, the receiving site, a season ticket's schedule, the declarations and the
 * signatures; the photos last. Every page has a footer with the note id and its page number.
 * pdfkit is loaded with the first note (decision 0246): the web server has it in its bundle (for
 * renderInProcess) but renders in a child process, and needs none of its memory.
 */
import type PDFDocument from "pdfkit";
import { SITE_NAME } from "~/platform/brand";
import { HAZARDOUS_WARNING, WASTE_HIERARCHY_DECLARATION } from "./constants";
import { remoteSignatureText } from "./customer-status";
import type { NoteDescription } from "./describe-note.server";
import {
  CONTENT_BOTTOM,
  CONTENT_W,
  createLayout,
  GREEN,
  INK,
  LINE,
  MUTED,
  PAGE,
  RED,
  safe,
  type Cell,
  type Doc,
  type PdfLayout,
} from "./pdf-layout.server";

export interface PdfImages {
  qr: Buffer;
  transferorSignature?: Buffer | null;
  transfereeSignature?: Buffer | null;
  /** JPEG or PNG photos (pdfkit embeds only these; others are listed by name). */
  photos: Array<{ bytes: Buffer; mime: string }>;
}

type QrModules = { size: number; dark: (x: number, y: number) => boolean };
type RenderOptions = { viewUrl: string; qrModules?: QrModules };

const BAND = 68;
/** The PDF writes containers with an "x" (the page uses "×") and without the label's examples. */
const containers = (text: string) => text.replace(/ × /g, " x ").replace(/ \(e\.g\. [^)]*\)/g, "");

/** Draws the green header band: title, legal basis and the QR code (vector modules or the PNG). */
function drawHeader(doc: Doc, images: PdfImages, qr: QrModules | undefined): void {
  doc.rect(0, 0, PAGE.width, BAND).fill(GREEN);
  doc
    .fillColor("#ffffff")
    .font("Helvetica-Bold")
    .fontSize(20)
    .text("Waste Transfer Note", PAGE.margin, 15, { lineBreak: false });
  doc
    .font("Helvetica")
    .fontSize(8)
    .text(
      "Duty of Care: Environmental Protection Act 1990, section 34\nWaste (England and Wales) Regulations 2011, regulation 35",
      PAGE.margin,
      40,
      { width: CONTENT_W - 100 },
    );
  const size = 60;
  const x0 = PAGE.width - PAGE.margin - size;
  const y0 = (BAND - size) / 2;
  if (qr) {
    // White tile with a quiet zone, then the dark modules as one vector path.
    doc.rect(x0, y0, size, size).fill("#ffffff");
    const cell = (size - 6) / qr.size;
    for (let y = 0; y < qr.size; y++) {
      for (let x = 0; x < qr.size; x++)
        if (qr.dark(x, y)) doc.rect(x0 + 3 + x * cell, y0 + 3 + y * cell, cell + 0.05, cell + 0.05);
    }
    doc.fill("#000000");
  } else {
    doc.image(images.qr, x0, y0, { width: size, height: size });
  }
}

/** The note id, creation time and the verify-online link under the header. */
function drawNoteMeta(doc: Doc, note: NoteDescription, viewUrl: string): void {
  const line = (label: string, value: string, link?: string) => {
    doc.fillColor(INK).font("Helvetica-Bold").fontSize(8.5).text(`${label}  `, { continued: true });
    doc
      .font("Helvetica")
      .fillColor(link ? GREEN : INK)
      .text(value, link ? { link } : {});
  };
  const top = BAND + 9;
  doc.x = PAGE.width / 2;
  doc.y = top;
  line("Created", note.created);
  doc.x = PAGE.margin;
  doc.y = top;
  line("Note ID", note.id);
  line("Verify online", viewUrl, viewUrl);
  const v = note.versionInfo;
  if (v.version > 1) {
    const previous = v.versions.find((x) => x.version === v.version - 1);
    doc
      .fillColor(INK)
      .font("Helvetica-Bold")
      .fontSize(8.5)
      .text(
        `Version ${v.version} of this note; supersedes version ${v.version - 1}${previous ? ` issued ${previous.created}` : ""}`,
        { width: CONTENT_W },
      );
  }
  doc.y += 5;
}

/** A box with a bold first line and plain text under it (warnings, version and void lines). */
function drawNotice(
  doc: Doc,
  notice: { title: string; text: string; fill: string; stroke: string; ink: string },
) {
  const w = CONTENT_W - 20;
  doc.font("Helvetica-Bold").fontSize(9.5);
  const th = doc.heightOfString(safe(notice.title), { width: w });
  doc.font("Helvetica").fontSize(8.5);
  const h = th + (notice.text ? doc.heightOfString(safe(notice.text), { width: w }) + 2 : 0) + 12;
  if (doc.y + h > CONTENT_BOTTOM) doc.addPage();
  const y = doc.y;
  doc.rect(PAGE.margin, y, CONTENT_W, h).lineWidth(0.8).fillAndStroke(notice.fill, notice.stroke);
  doc
    .fillColor(notice.ink)
    .font("Helvetica-Bold")
    .fontSize(9.5)
    .text(safe(notice.title), PAGE.margin + 10, y + 6, { width: w });
  if (notice.text)
    doc
      .font("Helvetica")
      .fontSize(8.5)
      .text(safe(notice.text), PAGE.margin + 10, doc.y + 2, { width: w });
  doc.x = PAGE.margin;
  doc.y = y + h + 6;
}

/** What this version is: void, superseded, a correction of an earlier one, a season ticket. */
function drawStatus(doc: Doc, note: NoteDescription, viewUrl: string): void {
  const { versionInfo: v, voided } = note;
  if (voided)
    drawNotice(doc, {
      title: `VOID: ${voided.reason}`,
      text: `Voided ${voided.at}. This note is kept for the record; it is not valid for a transfer of waste.`,
      fill: "#fef2f2",
      stroke: "#dc2626",
      ink: RED,
    });
  const next = v.supersededById ? v.versions.find((x) => x.id === v.supersededById) : undefined;
  if (!v.current && !voided)
    drawNotice(doc, {
      title: `SUPERSEDED by version ${next?.version ?? v.version + 1}`,
      text: `${next ? `Version ${next.version} was issued ${next.created}. ` : ""}This version is kept for the record and is no longer current.${next ? ` Version ${next.version}: ${viewUrl.replace(note.id, next.id)}` : ""}`,
      fill: "#fffbeb",
      stroke: "#d97706",
      ink: "#92400e",
    });
  if (note.seasonTicket)
    drawNotice(doc, {
      title: `Season ticket: ${note.seasonTicket.from} to ${note.seasonTicket.until}`,
      text: "This note covers repeated transfers of the same waste between the same parties over this period (at most 12 months).",
      fill: "#eff6ff",
      stroke: "#93c5fd",
      ink: "#1e3a8a",
    });
}

/** The red hazardous-waste warning, with the consignment code when there is one. */
function drawHazardousWarning(doc: Doc, note: NoteDescription): void {
  if (!note.hazardous) return;
  drawNotice(doc, {
    title: "HAZARDOUS WASTE",
    text: `${HAZARDOUS_WARNING}${note.consignmentCode ? `\nConsignment note code: ${note.consignmentCode}` : ""}`,
    fill: "#fef2f2",
    stroke: "#dc2626",
    ink: RED,
  });
}

/** Sections 1 and 2 side by side: the transferor and the transferee / carrier. */
function drawParties({ columns, grid }: PdfLayout, note: NoteDescription): void {
  const { check } = note.verification;
  columns(
    {
      title: "1. Transferor (handing over)",
      cells: [
        ["Name", note.transferor.name],
        ["Address", note.transferor.address],
        ["SIC code (2007)", note.transferor.sicCode ?? "Not applicable (householder)"],
        ["Status", note.transferor.statuses.join("\n")],
      ],
    },
    {
      title: "2. Transferee / carrier (receiving)",
      cells: [
        ["Company", note.carrier.company],
        [
          "Carrier registration number",
          check.registeredTo
            ? `${note.carrier.licence}, registered to ${check.registeredTo}`
            : note.carrier.licence,
        ],
        ["Address", note.carrier.address],
        ["Status", note.carrier.statuses.join("\n")],
      ],
    },
  );
  // The register's name is beside the number above; a name that is not it is flagged here.
  grid([["Register check", [check.checked, check.nameMismatch].filter(Boolean).join(". ")]], 1);
}

/** The items table's column widths (they add up to the content width). */
const ITEM_COLUMNS = [
  { header: "#", width: 18 },
  { header: "Waste: description and EWC code(s)", width: 268 },
  { header: "Form", width: 44 },
  { header: "Quantity", width: 68 },
  { header: "Containers", width: 88 },
  { header: "R/D", width: CONTENT_W - 18 - 268 - 44 - 68 - 88 },
];

/** One item's row: its description, then each code with the List of Wastes' words, hazard marked. */
function itemRow(item: NoteDescription["items"][number]): Cell[] {
  const waste: Cell = [{ text: item.description, size: 8.5 }];
  for (const c of item.ewcCodes)
    waste.push({
      text: `${c.code}${c.description ? `  ${c.description}` : ""}`,
      size: 7.5,
      color: c.hazardous ? RED : MUTED,
    });
  if (item.hazardous) waste.push({ text: "Hazardous waste", bold: true, size: 7.5, color: RED });
  return [
    String(item.position),
    waste,
    item.physicalForm,
    item.quantity,
    containers(item.containment),
    item.disposalCode ?? "-",
  ];
}

/** Section 3: the waste items as a table, then the note's totals. */
function drawWaste(layout: PdfLayout, note: NoteDescription): void {
  const rows = note.items.map(itemRow);
  layout.section("3. Waste", layout.tableStartHeight(ITEM_COLUMNS, rows));
  layout.table(ITEM_COLUMNS, rows);
  layout.grid(
    [
      ["Waste type", note.wasteType],
      [note.items.length > 1 ? "Total quantity" : "Quantity (weight)", note.weight],
      ["Hazardous", note.hazardous ? "Yes" : "No"],
      ["Consignment note code", note.consignmentCode ?? (note.hazardous ? "Not given" : "Not applicable")],
    ],
    4,
  );
}

/** The receiving site in a few lines, or that the note does not name one. */
function siteText(site: NoteDescription["receivingSite"]): string {
  if (!site) return "Not recorded on this note";
  const address = [site.address, site.postcode].filter(Boolean).join(", ");
  return [site.name, site.authorisation && `Permit or exemption: ${site.authorisation}`, address]
    .filter(Boolean)
    .join("\n");
}

/** Section 4: the transfer (time, place, receiving site, transport, broker). */
function drawTransfer({ section, grid, gridRowHeight }: PdfLayout, note: NoteDescription): void {
  const ticket = note.seasonTicket;
  const broker = note.broker;
  const cells: Array<[string, string]> = [
    [
      ticket ? "Season ticket (first transfer)" : "Date and time of transfer",
      ticket ? `${ticket.from} to ${ticket.until} (first transfer ${note.collection})` : note.collection,
    ],
    ["Place of transfer (origin of the waste)", note.originAddress],
    ["Receiving site (destination)", siteText(note.receivingSite)],
    ["Means of transport", note.transportMeans],
    ["Vehicle registration", note.carrier.vehicleReg],
    [
      "Broker or dealer who arranged it",
      broker ? `${broker.name}${broker.registration ? ` (${broker.registration})` : ""}` : "None",
    ],
  ];
  section("4. Transfer", gridRowHeight(cells, 3));
  grid(cells, 3);
}

/** A season ticket's schedule of transfers, when any are recorded. */
function drawSchedule(layout: PdfLayout, note: NoteDescription): void {
  const transfers = note.seasonTicket?.transfers ?? [];
  if (transfers.length === 0) return;
  const columns = [
    { header: "Date and time", width: 140 },
    { header: "Quantity", width: 90 },
    { header: "Place", width: CONTENT_W - 230 },
  ];
  const rows = transfers.map((t) => [t.at, t.quantity, t.place]);
  const count = `${transfers.length} transfer${transfers.length === 1 ? "" : "s"}`;
  layout.section(`Season ticket schedule (${count})`, layout.tableStartHeight(columns, rows));
  layout.table(columns, rows);
}

/** Both parties' declaration under the waste hierarchy's. */
const CONFIRMATION =
  "Both parties confirm that the information on this note is correct and that the waste has been transferred to an authorised person. Both parties must keep this note for at least 2 years.";

/** The height of the declarations drawn by drawDeclarations. */
function declarationsHeight(doc: Doc): number {
  doc.font("Helvetica").fontSize(8.5);
  const h = doc.heightOfString(`Waste hierarchy: ${WASTE_HIERARCHY_DECLARATION}`, { width: CONTENT_W - 16 });
  doc.fontSize(8);
  return h + 4 + doc.heightOfString(CONFIRMATION, { width: CONTENT_W }) + 6;
}

/** The waste hierarchy tick box and both parties' declaration (above the signatures). */
function drawDeclarations(doc: Doc, note: NoteDescription): void {
  const y = doc.y;
  doc
    .rect(PAGE.margin, y + 1, 9, 9)
    .lineWidth(1)
    .stroke(INK);
  if (note.wasteHierarchyConfirmed) {
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
    .fontSize(8.5)
    .text(`Waste hierarchy: ${WASTE_HIERARCHY_DECLARATION}`, PAGE.margin + 16, y, { width: CONTENT_W - 16 });
  doc
    .fillColor(MUTED)
    .fontSize(8)
    .text(CONFIRMATION, PAGE.margin, doc.y + 4, { width: CONTENT_W });
  doc.y += 6;
}

const SIGNATURE_BOX = { w: (CONTENT_W - 14) / 2, h: 74 };

interface SignatureBox {
  caption: string;
  name: string;
  image: Buffer | null | undefined;
  left: number;
  top: number;
  /** The line under the name: how and when it was signed, or that it is awaited. */
  when: string;
  awaiting?: boolean;
}

/** One signature box: caption, drawn signature (or the typed name in italics), name and time. */
function drawSignatureBox(doc: Doc, box: SignatureBox): void {
  const { caption, name, image, left, top: y } = box;
  const w = SIGNATURE_BOX.w;
  doc.roundedRect(left, y, w, SIGNATURE_BOX.h, 4).lineWidth(0.8).stroke(LINE);
  doc
    .fillColor(MUTED)
    .font("Helvetica")
    .fontSize(7)
    .text(caption.toUpperCase(), left + 8, y + 6, { characterSpacing: 0.3, lineBreak: false });
  if (box.awaiting) {
    doc
      .fillColor("#92400e")
      .font("Helvetica-Bold")
      .fontSize(11)
      .text("Awaiting customer signature", left + 8, y + 24, { width: w - 16, lineBreak: false });
  } else if (image) {
    try {
      doc.image(image, left + 8, y + 15, { fit: [w - 16, 28] });
    } catch {
      /* an unreadable drawing: the typed name below is the signature */
    }
  } else {
    doc
      .fillColor(INK)
      .font("Helvetica-Oblique")
      .fontSize(14)
      .text(safe(name), left + 8, y + 22, { width: w - 16, height: 18, lineBreak: false, ellipsis: true });
  }
  doc
    .moveTo(left + 8, y + 45)
    .lineTo(left + w - 8, y + 45)
    .lineWidth(0.5)
    .stroke(LINE);
  doc
    .fillColor(INK)
    .font("Helvetica-Bold")
    .fontSize(8.5)
    .text(safe(name) || "-", left + 8, y + 48, { width: w - 16, lineBreak: false, ellipsis: true });
  doc
    .fillColor(MUTED)
    .font("Helvetica")
    .fontSize(7)
    // Two lines: a remote signature names the link's address (decision 0274).
    .text(safe(box.when), left + 8, y + 58, { width: w - 16, height: 17, ellipsis: true });
}

/**
 * Section 5: the declarations, then the transferor's (or the customer's remote) and the
 * transferee's signatures, kept on one page.
 */
function drawSignatures({ doc, section }: PdfLayout, note: NoteDescription, images: PdfImages): void {
  section("5. Declarations and signatures", declarationsHeight(doc) + SIGNATURE_BOX.h + 4);
  drawDeclarations(doc, note);
  const y = doc.y;
  const { customer } = note;
  drawSignatureBox(doc, {
    caption: "Transferor signature",
    name: note.signatures.transferor,
    image: images.transferorSignature,
    left: PAGE.margin,
    top: y,
    awaiting: customer.awaitingSignature,
    when: customer.awaitingSignature
      ? "Sent to the customer to sign online"
      : (remoteSignatureText(customer) ?? `Signed electronically ${note.signed}`),
  });
  drawSignatureBox(doc, {
    caption: "Transferee / carrier signature",
    name: note.signatures.transferee,
    image: images.transfereeSignature,
    left: PAGE.margin + SIGNATURE_BOX.w + 14,
    top: y,
    when: `Signed electronically ${note.signed}`,
  });
  doc.y = y + SIGNATURE_BOX.h + 8;
}

/** Section 6: up to three photos in a row (a caption for formats pdfkit cannot embed). */
function drawPhotos({ doc, section }: PdfLayout, photos: PdfImages["photos"]): void {
  if (photos.length === 0) return;
  const w = (CONTENT_W - 2 * 12) / 3;
  const h = w * 0.75;
  section("6. Photos", h + 4);
  const y = doc.y;
  photos.forEach((p, i) => {
    const x = PAGE.margin + i * (w + 12);
    doc.rect(x, y, w, h).lineWidth(0.5).stroke(LINE);
    if (p.mime === "image/jpeg" || p.mime === "image/png") {
      try {
        doc.image(p.bytes, x + 2, y + 2, { fit: [w - 4, h - 4], align: "center", valign: "center" });
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
        y + h * 0.45,
        {
          width: w - 12,
          align: "center",
        },
      );
  });
  doc.y = y + h + 8;
}

/** The footer's words: the note, its version and state. */
function footerText(note: NoteDescription): string {
  const state = note.voided ? "VOID" : note.versionInfo.current ? "" : "SUPERSEDED";
  const version = note.versionInfo.versions.length > 1 ? `version ${note.versionInfo.version}` : "";
  const what = [version, state].filter(Boolean).join(", ");
  return `Waste transfer note ${note.id}${what ? ` (${what})` : ""}  |  Both parties keep this note for at least 2 years`;
}

/** Draws the footer (note id, keep-for-2-years reminder, page x of y) on every buffered page. */
function drawFooters(doc: Doc, note: NoteDescription): void {
  const range = doc.bufferedPageRange();
  const text = footerText(note);
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0; // the footer sits in the bottom margin; no page break for it
    const y = PAGE.height - PAGE.margin - 8;
    doc
      .moveTo(PAGE.margin, y - 6)
      .lineTo(PAGE.width - PAGE.margin, y - 6)
      .lineWidth(0.5)
      .stroke(LINE);
    doc
      .fillColor(MUTED)
      .font("Helvetica")
      .fontSize(7)
      .text(text, PAGE.margin, y, {
        width: CONTENT_W - 64,
        lineBreak: false,
        ellipsis: true,
      });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, PAGE.width - PAGE.margin - 60, y, {
      width: 60,
      align: "right",
      lineBreak: false,
    });
  }
}

/** Opens an A4 document with the note's metadata and collects its bytes until `end`. */
function openDocument(
  Document: typeof PDFDocument,
  note: NoteDescription,
): { doc: Doc; done: Promise<Buffer> } {
  const doc = new Document({
    size: "A4",
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    info: {
      Title: `Waste Transfer Note ${note.id}`,
      Author: safe(note.carrier.company),
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

/** Renders the whole note as an A4 PDF: header, status, the numbered sections, photos, then footers. */
export async function renderWasteNotePdf(
  note: NoteDescription,
  images: PdfImages,
  options: RenderOptions,
): Promise<Buffer> {
  const { default: Document } = await import("pdfkit");
  const { doc, done } = openDocument(Document, note);
  drawHeader(doc, images, options.qrModules);
  drawNoteMeta(doc, note, options.viewUrl);
  drawStatus(doc, note, options.viewUrl);
  drawHazardousWarning(doc, note);

  const layout = createLayout(doc);
  drawParties(layout, note);
  drawWaste(layout, note);
  drawTransfer(layout, note);
  drawSignatures(layout, note, images);
  drawSchedule(layout, note);
  drawPhotos(layout, images.photos);

  drawFooters(doc, note);
  doc.end();
  return done;
}
