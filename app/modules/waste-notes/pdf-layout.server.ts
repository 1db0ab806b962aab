/**
 * The drawing kit of the waste note PDF (decision 0714): an A4 page with pdfkit's built-in
 * Helvetica, section bars, label/value grids, two columns side by side, and tables whose rows
 * are measured before they are drawn, so that a row never straddles a page and a table that
 * goes on to the next page repeats its header. Nothing here draws past the footer's line.
 */
import type PDFDocument from "pdfkit";

export type Doc = InstanceType<typeof PDFDocument>;

export const GREEN = "#166534";
export const INK = "#0f172a";
export const MUTED = "#475569";
export const LINE = "#cbd5e1";
export const RED = "#991b1b";
export const PAGE = { width: 595.28, height: 841.89, margin: 36 };
export const CONTENT_W = PAGE.width - PAGE.margin * 2;
/** Where the footer's rule sits: content stops above it. */
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 22;

/** The standard PDF fonts speak WinAnsi: keep what it can show, replace the rest. */
export function safe(text: string | null | undefined): string {
  return (text ?? "")
    .normalize("NFC")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2010-\u2015]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/[^\t\n\r\x20-\x7e\xa0-\xff\u20ac]/g, "?");
}

/** One paragraph of a table cell: its text and how it is set. */
export interface Span {
  text: string;
  bold?: boolean;
  size?: number;
  color?: string;
}
export type Cell = string | Span[];

export interface Column {
  header: string;
  width: number;
  align?: "left" | "right";
}

const PAD = 4;
const LABEL_SIZE = 7;
const VALUE_SIZE = 9;

const spansOf = (cell: Cell): Span[] => (typeof cell === "string" ? [{ text: cell }] : cell);

/** The shared layout helpers every section draws with. */
export interface PdfLayout {
  doc: Doc;
  /** Starts a new page unless `height` more points fit on this one. */
  ensure: (height: number) => void;
  /** A green section bar across `width` at `x`, kept on the page with `keepWith` points of what follows. */
  section: (title: string, keepWith?: number) => void;
  /** Rows of label/value cells, `columns` per row, each row as tall as its tallest cell. */
  grid: (cells: Array<[string, string]>, columns?: number) => void;
  /** Two sections side by side, each a titled column of label/value cells. */
  columns: (left: { title: string; cells: Array<[string, string]> }, right: typeof left) => void;
  /** A table; rows never split, and the header is repeated on each page the table reaches. */
  table: (columns: Column[], rows: Cell[][]) => void;
  /** How tall a grid's first row is (to keep a section's bar with it). */
  gridRowHeight: (cells: Array<[string, string]>, columns?: number) => number;
  /** How tall a table's header and first row are (to keep a section's bar with them). */
  tableStartHeight: (columns: Column[], rows: Cell[][]) => number;
}

/** The height of one label/value pair set `width` wide. */
function labelValueHeight(doc: Doc, label: string, value: string, width: number): number {
  doc.font("Helvetica").fontSize(LABEL_SIZE);
  const lh = doc.heightOfString(label.toUpperCase(), { width, characterSpacing: 0.3 });
  doc.font("Helvetica").fontSize(VALUE_SIZE);
  return lh + 1.5 + doc.heightOfString(safe(value) || "-", { width });
}

/** Draws a label/value pair at (x, y), `width` wide. */
function drawLabelValue(doc: Doc, label: string, value: string, at: { x: number; y: number; width: number }) {
  doc
    .fillColor(MUTED)
    .font("Helvetica")
    .fontSize(LABEL_SIZE)
    .text(label.toUpperCase(), at.x, at.y, { width: at.width, characterSpacing: 0.3 });
  doc
    .fillColor(INK)
    .font("Helvetica")
    .fontSize(VALUE_SIZE)
    .text(safe(value) || "-", at.x, doc.y + 1.5, { width: at.width });
}

/** Draws a section bar `width` wide at (x, y). */
function drawBar(doc: Doc, title: string, x: number, y: number, width: number): void {
  doc.rect(x, y, width, 16).fill("#ecfdf5");
  doc.rect(x, y, 3, 16).fill(GREEN);
  doc
    .fillColor(GREEN)
    .font("Helvetica-Bold")
    .fontSize(9.5)
    .text(safe(title).toUpperCase(), x + 9, y + 4.5, {
      characterSpacing: 0.4,
      width: width - 12,
      lineBreak: false,
    });
}

function spansHeight(doc: Doc, spans: Span[], width: number): number {
  let h = 0;
  for (const s of spans) {
    doc.font(s.bold ? "Helvetica-Bold" : "Helvetica").fontSize(s.size ?? 8.5);
    h += doc.heightOfString(safe(s.text) || "-", { width }) + 1;
  }
  return h;
}

function drawSpans(
  doc: Doc,
  spans: Span[],
  at: { x: number; y: number; width: number; align?: "left" | "right" },
) {
  let y = at.y;
  for (const s of spans) {
    doc
      .fillColor(s.color ?? INK)
      .font(s.bold ? "Helvetica-Bold" : "Helvetica")
      .fontSize(s.size ?? 8.5)
      .text(safe(s.text) || "-", at.x, y, { width: at.width, align: at.align ?? "left" });
    y = doc.y + 1;
  }
}

/** Builds the layout helpers around one document. */
export function createLayout(doc: Doc): PdfLayout {
  const ensure = (height: number) => {
    if (doc.y + height > CONTENT_BOTTOM) {
      doc.addPage();
      doc.y = PAGE.margin;
    }
  };

  const section = (title: string, keepWith = 60) => {
    ensure(keepWith + 22);
    const y = doc.y + 5;
    drawBar(doc, title, PAGE.margin, y, CONTENT_W);
    doc.x = PAGE.margin;
    doc.y = y + 21;
  };

  const gap = 12;
  const rowHeight = (row: Array<[string, string]>, cellW: number) =>
    Math.max(...row.map(([label, value]) => labelValueHeight(doc, label, value, cellW)));
  const gridRowHeight = (cells: Array<[string, string]>, columns = 2) =>
    rowHeight(cells.slice(0, columns), (CONTENT_W - gap * (columns - 1)) / columns) + 6;

  const grid = (cells: Array<[string, string]>, columns = 2) => {
    const cellW = (CONTENT_W - gap * (columns - 1)) / columns;
    for (let i = 0; i < cells.length; i += columns) {
      const row = cells.slice(i, i + columns);
      const h = rowHeight(row, cellW);
      ensure(h + 6);
      const y = doc.y;
      row.forEach(([label, value], j) =>
        drawLabelValue(doc, label, value, { x: PAGE.margin + j * (cellW + gap), y, width: cellW }),
      );
      doc.y = y + h + 6;
    }
  };

  const columns: PdfLayout["columns"] = (left, right) => {
    const gap = 14;
    const colW = (CONTENT_W - gap) / 2;
    const heights = [left, right].map(
      (col) => 21 + col.cells.reduce((sum, [l, v]) => sum + labelValueHeight(doc, l, v, colW) + 6, 0),
    );
    ensure(Math.max(...heights) + 5);
    const top = doc.y + 5;
    [left, right].forEach((col, i) => {
      const x = PAGE.margin + i * (colW + gap);
      drawBar(doc, col.title, x, top, colW);
      let y = top + 21;
      for (const [label, value] of col.cells) {
        drawLabelValue(doc, label, value, { x, y, width: colW });
        y += labelValueHeight(doc, label, value, colW) + 6;
      }
    });
    doc.y = top + Math.max(...heights);
  };

  const table = (cols: Column[], rows: Cell[][]) => drawTable(doc, ensure, cols, rows);
  const tableStartHeight = (cols: Column[], rows: Cell[][]) => 14 + tableRowHeight(doc, cols, rows[0] ?? []);

  return { doc, ensure, section, grid, columns, table, gridRowHeight, tableStartHeight };
}

/** Draws the header row of a table at the current position. */
function drawTableHeader(doc: Doc, cols: Column[]): void {
  const y = doc.y;
  doc.rect(PAGE.margin, y, CONTENT_W, 14).fill("#f1f5f9");
  let x = PAGE.margin;
  for (const c of cols) {
    doc
      .fillColor(MUTED)
      .font("Helvetica-Bold")
      .fontSize(LABEL_SIZE)
      .text(c.header.toUpperCase(), x + PAD, y + 4, {
        width: c.width - PAD * 2,
        align: c.align ?? "left",
        lineBreak: false,
      });
    x += c.width;
  }
  doc.y = y + 14;
}

function tableRowHeight(doc: Doc, cols: Column[], row: Cell[]): number {
  return (
    Math.max(0, ...row.map((cell, i) => spansHeight(doc, spansOf(cell), cols[i].width - PAD * 2))) + PAD * 2
  );
}

function drawTable(doc: Doc, ensure: (h: number) => void, cols: Column[], rows: Cell[][]): void {
  const rowHeight = (row: Cell[]) => tableRowHeight(doc, cols, row);
  ensure(14 + rowHeight(rows[0] ?? []));
  drawTableHeader(doc, cols);
  rows.forEach((row, r) => {
    const h = rowHeight(row);
    if (doc.y + h > CONTENT_BOTTOM) {
      ensure(h + 14);
      drawTableHeader(doc, cols);
    }
    const y = doc.y;
    if (r % 2 === 1) doc.rect(PAGE.margin, y, CONTENT_W, h).fill("#f8fafc");
    let x = PAGE.margin;
    row.forEach((cell, i) => {
      drawSpans(doc, spansOf(cell), {
        x: x + PAD,
        y: y + PAD,
        width: cols[i].width - PAD * 2,
        align: cols[i].align,
      });
      x += cols[i].width;
    });
    doc
      .moveTo(PAGE.margin, y + h)
      .lineTo(PAGE.margin + CONTENT_W, y + h)
      .lineWidth(0.4)
      .stroke(LINE);
    doc.y = y + h;
  });
  doc.y += 6;
}
