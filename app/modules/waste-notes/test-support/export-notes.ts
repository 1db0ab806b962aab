/**
 * Test data for the digital waste tracking exports and the Past Waste Notes filters (decision
 * 0713), written straight into the database (the domain tests and e2e fixture 45 share it): one
 * company's notes, each collected on its own day from `firstDay` (UK, 09:30), with their items.
 */
import type { Insertable } from "kysely";
import type { Database } from "~/platform/db/database.server";
import type { WasteNoteItemsTable, WasteNotesTable } from "~/platform/db/schema";

export const EXPORT_NOTE_KEYS = [
  "single",
  "multi",
  "hazardous",
  "legacy",
  "noSite",
  "tonnes",
  "hazardousNoCode",
  "voided",
  "superseded",
  "correction",
  "awaiting",
] as const;
export type ExportNoteKey = (typeof EXPORT_NOTE_KEYS)[number];

type Item = Omit<Insertable<WasteNoteItemsTable>, "note_id" | "position">;

/** The customer (transferor) of each note; the e2e spec filters by part of a name. */
export const EXPORT_CUSTOMERS: Record<ExportNoteKey, string> = {
  single: "Harbour Kitchens Ltd",
  multi: "Mill Lane Builders",
  hazardous: "Mill Lane Builders",
  legacy: "Quay Café",
  noSite: "Quay Café",
  tonnes: "Orchard Landscapes",
  hazardousNoCode: "Orchard Landscapes",
  voided: "Harbour Kitchens Ltd",
  superseded: "Ferry Road Garage",
  correction: "Ferry Road Garage",
  awaiting: "Ferry Road Garage",
};

const SITE = {
  receiving_site_name: "Quillbury Recycling Centre",
  receiving_site_authorisation: "EPR/AB1234CD",
  receiving_site_address: "Canal Road, Quillbury",
  receiving_site_postcode: "zz7 7ar",
};

const skip = (over: Partial<Item> = {}): Item => ({
  ewc_codes: ["17 09 04"],
  description: "Mixed construction and demolition waste",
  physical_form: "Solid",
  quantity: "850",
  unit: "kg",
  container_type: "SKI",
  container_count: 1,
  disposal_code: "R5",
  ...over,
});

const ASBESTOS = skip({
  ewc_codes: ["17 06 05*"],
  description: "Asbestos cement sheets, wrapped",
  quantity: "120",
  container_type: "BAG",
  container_count: 6,
  hazardous: true,
  disposal_code: "D5",
});

/** The multi-item note's items: tonnes and estimated, kilograms, no disposal code. */
const MULTI_ITEMS: Item[] = [
  skip({
    ewc_codes: ["17 01 07", "17 05 04"],
    description: "Rubble and soil",
    quantity: "3.2",
    unit: "t",
    estimated: true,
  }),
  skip({
    ewc_codes: ["20 02 01"],
    description: "Garden waste",
    physical_form: "Mixed",
    quantity: "240",
    container_type: "BAG",
    container_count: 8,
    disposal_code: "R3",
  }),
  skip({
    ewc_codes: ["15 01 01"],
    description: "Cardboard packaging",
    quantity: "35.5",
    container_type: "BAL",
    container_count: 2,
    disposal_code: null,
  }),
];

/** Each note's own columns (besides the common ones) and its items (none: a note from before items). */
function plan(): Record<ExportNoteKey, { note: Partial<Insertable<WasteNotesTable>>; items: Item[] }> {
  return {
    single: { note: SITE, items: [skip()] },
    multi: {
      note: SITE,
      items: MULTI_ITEMS,
    },
    hazardous: { note: { ...SITE, hazardous: true, consignment_code: "ABC123/12345" }, items: [ASBESTOS] },
    legacy: {
      note: { ewc_code: "20 03 01", weight: "250", container_type: "LOO", container_count: null },
      items: [],
    },
    noSite: {
      note: { vehicle_reg: "QB21 NOS" },
      items: [
        skip({
          ewc_codes: ["20 01 38"],
          description: "Old pallets",
          container_type: "LOO",
          container_count: null,
        }),
      ],
    },
    tonnes: {
      note: { ...SITE, vehicle_reg: "QB21 TON", transport_means: "Road" },
      items: [skip({ ewc_codes: ["17 05 04"], description: "Soil and stones", quantity: "12.5", unit: "t" })],
    },
    hazardousNoCode: { note: { ...SITE, hazardous: true }, items: [ASBESTOS] },
    voided: {
      note: { ...SITE, voided_at: new Date("2026-03-20T12:00:00Z"), void_reason: "Written twice by mistake" },
      items: [skip()],
    },
    superseded: {
      note: { ...SITE, superseded_at: new Date("2026-03-21T12:00:00Z") },
      items: [skip({ quantity: "900" })],
    },
    correction: { note: { ...SITE, version: 2 }, items: [skip({ quantity: "950" })] },
    awaiting: {
      note: {
        ...SITE,
        customer_email: "ferry-road@example.test",
        customer_email_status: "sent",
        customer_signature_requested_at: new Date("2026-03-12T10:00:00Z"),
      },
      items: [
        skip({
          // Not 16 01 03: the admin's note search (admin-records.spec) counts every company's tyres.
          ewc_codes: ["16 01 17"],
          description: "Scrap brake discs and drums",
          quantity: "48",
          container_type: "LOO",
          container_count: null,
          disposal_code: "R3",
        }),
      ],
    },
  };
}

export interface ExportNotesOwner {
  registrationNumber: string;
  carrierName: string;
  userId: string;
  /** The UK day of the first note's collection ("2026-03-02"); each next note a day later. */
  firstDay: string;
}

/** Writes the notes and their items; returns each note's id by key. */
export async function insertExportNotes(
  db: Database,
  owner: ExportNotesOwner,
): Promise<Record<ExportNoteKey, string>> {
  const notes = plan();
  const ids = {} as Record<ExportNoteKey, string>;
  const first = Date.parse(`${owner.firstDay}T09:30:00Z`);
  for (const [i, key] of EXPORT_NOTE_KEYS.entries()) {
    const { note, items } = notes[key];
    const at = new Date(first + i * 86_400_000);
    const row = await db
      .insertInto("waste_notes")
      .values({
        collection_date_time: at,
        waste_type: "Commercial",
        description: items[0]?.description ?? "General household waste",
        ewc_code: items[0]?.ewc_codes[0] ?? "20 03 01",
        hazardous: items.some((it) => it.hazardous),
        weight: "100",
        origin_address: `${i + 1} Rope Walk, Quillbury, ZZ7 7AR`,
        transferor_name: EXPORT_CUSTOMERS[key],
        transferor_address: "Rope Walk, Quillbury, ZZ7 7AR",
        transferor_status: ["producer"],
        carrier_company: owner.carrierName,
        carrier_address: "Yard 45, Quillbury, ZZ7 7AA",
        carrier_license: owner.registrationNumber,
        transferee_status: ["carrier"],
        transferee_permit_number: "EPR/XY9876ZZ",
        vehicle_reg: "QB21 DWT",
        waste_hierarchy_confirmed: true,
        transferor_signature_name: key === "awaiting" ? "" : "Rory Rope",
        transferee_signature_name: "Quinn Driver",
        signed_at: at,
        carrier_status_at_creation: "active",
        carrier_register: "EA",
        registration_number: owner.registrationNumber,
        user_id: owner.userId,
        created_at: at,
        ...note,
        ...(key === "correction" ? { series_id: ids.superseded, supersedes_id: ids.superseded } : {}),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids[key] = row.id;
    if (items.length > 0)
      await db
        .insertInto("waste_note_items")
        .values(items.map((it, p) => ({ ...it, note_id: row.id, position: p + 1 })))
        .execute();
  }
  return ids;
}
