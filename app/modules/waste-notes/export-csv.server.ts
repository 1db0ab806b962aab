/**
 * CSV export of a company's notes: the two-year record, in columns that map onto DEFRA's digital
 * waste tracking "Receipt of Waste" fields (EWC code as 6 digits, container type code, quantity,
 * carrier registration). Cells that a spreadsheet would run as a formula are neutralised.
 */
import { csvCell } from "~/platform/csv";
import type { Database } from "~/platform/db/database.server";
import type { WasteNote } from "~/platform/db/schema";

const COLUMNS: Array<[string, (n: WasteNote, publicUrl: string) => string]> = [
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
];

export function notesToCsv(notes: WasteNote[], publicUrl: string): string {
  const lines = [COLUMNS.map(([h]) => h).join(",")];
  for (const n of notes) lines.push(COLUMNS.map(([, get]) => csvCell(get(n, publicUrl))).join(","));
  return `${lines.join("\r\n")}\r\n`;
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
  return notesToCsv(notes, publicUrl);
}
