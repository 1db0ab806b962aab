/**
 * CSV export of a company's notes: the two-year record, in columns that map onto DEFRA's digital
 * waste tracking "Receipt of Waste" fields (EWC code as 6 digits, container type code, quantity,
 * carrier registration), then (decision 0713) the transferee's permit or exemption, the signing
 * times, the customer, the items, the version and status, and the receiving site. Cells that a
 * spreadsheet would run as a formula are neutralised. The items are one cell here; the items
 * export (dwt/export-movements.server.ts) has one row per item. A season ticket's recorded
 * transfers (decision 0272) are one row each after the note's own row, with the note's columns
 * and the transfer's in the last ones (`row_type` "transfer"; the note's row is "note").
 */
import { csvCell } from "~/platform/csv";
import type { Database } from "~/platform/db/database.server";
import type { WasteNote, WasteNoteItem, WasteNoteTransfer } from "~/platform/db/schema";
import { getNoteItems, legacyItem } from "./get-note.server";
import { noteStatus } from "./list-notes.server";
import { NOTE_STATUS_LABELS } from "./past-notes-filters";

type Column = [string, (n: WasteNote, publicUrl: string, items: WasteNoteItem[]) => string];

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : "");

/** "1: 17 09 04 (Mixed rubble) 2.5 t est.; 2: ..." */
function itemsCell(items: WasteNoteItem[]): string {
  return items
    .map(
      (i) =>
        `${i.position}: ${i.ewc_codes.join(" + ")} (${i.description}) ${Number(i.quantity)} ${i.unit}${i.estimated ? " est." : ""}`,
    )
    .join("; ");
}

const COLUMNS: Column[] = [
  ["note_id", (n) => n.id],
  ["created_at", (n) => new Date(n.created_at).toISOString()],
  ["collection_date_time", (n) => new Date(n.collection_date_time).toISOString()],
  ["waste_type", (n) => n.waste_type],
  ["description", (n) => n.description],
  ["ewc_code", (n) => n.ewc_code],
  ["ewc_code_6", (n) => n.ewc_code.replace(/\D/g, "")],
  ["hazardous", (n) => (n.hazardous ? "yes" : "no")],
  ["weight_kg", (n) => Number(n.weight).toFixed(2)],
  ["container_type", (n) => n.container_type],
  ["container_count", (n) => (n.container_count == null ? "" : String(n.container_count))],
  ["place_of_transfer", (n) => n.origin_address],
  ["transferor_name", (n) => n.transferor_name],
  ["transferor_address", (n) => n.transferor_address],
  ["transferor_sic_code", (n) => n.transferor_sic_code ?? ""],
  ["transferor_status", (n) => n.transferor_status.join(";")],
  ["transferor_permit_number", (n) => n.transferor_permit_number ?? ""],
  ["transferor_exemption", (n) => n.transferor_exemption ?? ""],
  ["transferor_registration", (n) => n.transferor_registration ?? ""],
  ["carrier_company", (n) => n.carrier_company],
  ["carrier_address", (n) => n.carrier_address],
  ["carrier_registration", (n) => n.carrier_license],
  ["transferee_status", (n) => n.transferee_status.join(";")],
  ["vehicle_reg", (n) => n.vehicle_reg],
  ["broker_name", (n) => n.broker_name ?? ""],
  ["broker_registration", (n) => n.broker_registration ?? ""],
  ["waste_hierarchy_confirmed", (n) => (n.waste_hierarchy_confirmed ? "yes" : "no")],
  ["transferor_signed_by", (n) => n.transferor_signature_name],
  ["transferee_signed_by", (n) => n.transferee_signature_name],
  ["carrier_status_at_creation", (n) => n.carrier_status_at_creation ?? ""],
  ["view_url", (n, url) => `${url}/waste-note/${n.id}`],
  ["transferee_permit_number", (n) => n.transferee_permit_number ?? ""],
  ["transferee_exemption", (n) => n.transferee_exemption ?? ""],
  ["signed_at", (n) => iso(n.signed_at)],
  ["customer_signed_at", (n) => iso(n.customer_signed_at)],
  ["customer_name", (n) => n.transferor_name],
  ["customer_email", (n) => n.customer_email ?? ""],
  ["item_count", (_n, _u, items) => String(items.length)],
  ["items_ewc_codes", (_n, _u, items) => [...new Set(items.flatMap((i) => i.ewc_codes))].join("; ")],
  ["items", (_n, _u, items) => itemsCell(items)],
  ["version", (n) => String(n.version)],
  ["status", (n) => NOTE_STATUS_LABELS[noteStatus(n)]],
  ["supersedes_id", (n) => n.supersedes_id ?? ""],
  ["void_reason", (n) => n.void_reason ?? ""],
  ["consignment_code", (n) => n.consignment_code ?? ""],
  ["receiving_site_name", (n) => n.receiving_site_name ?? ""],
  ["receiving_site_authorisation", (n) => n.receiving_site_authorisation ?? ""],
  ["receiving_site_address", (n) => n.receiving_site_address ?? ""],
  ["receiving_site_postcode", (n) => n.receiving_site_postcode ?? ""],
];

/** The transfer's columns, after the note's: empty on the note's own row. */
const TRANSFER_COLUMNS: Array<[string, (n: WasteNote, t: WasteNoteTransfer | null) => string]> = [
  ["row_type", (_n, t) => (t ? "transfer" : "note")],
  ["season_ticket_until", (n) => n.season_ticket_until ?? ""],
  ["transfer_date_time", (_n, t) => (t ? iso(t.transferred_at) : "")],
  ["transfer_quantity", (_n, t) => (t ? String(Number(t.quantity)) : "")],
  ["transfer_unit", (_n, t) => (t ? t.unit : "")],
  ["transfer_place", (_n, t) => t?.place ?? ""],
];

export function notesToCsv(
  notes: WasteNote[],
  publicUrl: string,
  items: Map<string, WasteNoteItem[]> = new Map(),
  transfers: Map<string, WasteNoteTransfer[]> = new Map(),
): string {
  const lines = [[...COLUMNS, ...TRANSFER_COLUMNS].map(([h]) => h).join(",")];
  for (const n of notes) {
    const list = items.get(n.id) ?? [legacyItem(n)];
    const noteCells = COLUMNS.map(([, get]) => csvCell(get(n, publicUrl, list)));
    for (const t of [null, ...(transfers.get(n.id) ?? [])])
      lines.push([...noteCells, ...TRANSFER_COLUMNS.map(([, get]) => csvCell(get(n, t)))].join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}

/** The season tickets' recorded transfers of these notes, each list in time order. */
export async function getNoteTransfers(
  db: Database,
  notes: Pick<WasteNote, "id" | "season_ticket_until">[],
): Promise<Map<string, WasteNoteTransfer[]>> {
  const byNote = new Map<string, WasteNoteTransfer[]>();
  const tickets = notes.filter((n) => n.season_ticket_until).map((n) => n.id);
  if (tickets.length === 0) return byNote;
  const rows = await db
    .selectFrom("waste_note_transfers")
    .selectAll()
    .where("note_id", "in", tickets)
    .orderBy("note_id")
    .orderBy("transferred_at")
    .orderBy("created_at")
    .execute();
  for (const row of rows) byNote.set(row.note_id, [...(byNote.get(row.note_id) ?? []), row]);
  return byNote;
}

/** Every note of a company, oldest first, as CSV. */
export async function exportCompanyNotesCsv(
  db: Database,
  registrationNumber: string,
  publicUrl: string,
): Promise<string> {
  const notes = await db
    .selectFrom("waste_notes")
    .selectAll()
    .where("registration_number", "=", registrationNumber)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return notesToCsv(notes, publicUrl, await getNoteItems(db, notes), await getNoteTransfers(db, notes));
}
