/**
 * Test data: waste note rows written straight into the database (past the form), with their
 * items, versions and a season ticket's transfers, for the describe and PDF tests and the e2e
 * fixture of the note page (decision 0714).
 */
import type { Insertable } from "kysely";
import type { Database } from "~/platform/db/database.server";
import type { WasteNoteItemsTable, WasteNotesTable } from "~/platform/db/schema";

export type NoteRow = Insertable<WasteNotesTable>;
export type ItemRow = Omit<Insertable<WasteNoteItemsTable>, "note_id" | "position">;

/** A complete, ordinary note row (one item's worth of the legacy columns). */
export function noteRow(overrides: Partial<NoteRow> = {}): NoteRow {
  return {
    collection_date_time: new Date("2026-07-15T08:30:00Z"),
    waste_type: "Commercial",
    description: "Mixed plasterboard offcuts and timber from a kitchen refit",
    ewc_code: "17 08 02",
    weight: "412.75",
    container_type: "SKI",
    container_count: 1,
    origin_address: "14 Mill Lane, Bristol, BS1 4ST",
    transferor_name: "Harbourside Kitchens Ltd",
    transferor_address: "Unit 3, Quay Works, Bristol, BS1 5AA",
    transferor_sic_code: "43320",
    transferor_status: ["producer"],
    carrier_company: "Avon Skip Hire Ltd",
    carrier_address: "Depot Road, Avonmouth, BS11 9AB",
    carrier_license: "CBDU123456",
    transferee_status: ["registered_carrier"],
    vehicle_reg: "WX21 ABC",
    waste_hierarchy_confirmed: true,
    transferor_signature_name: "Jane Holloway",
    transferee_signature_name: "Tom Reeve",
    carrier_status_at_creation: "active",
    carrier_register: "EA",
    carrier_expiry_at_creation: "2031-01-31",
    created_at: new Date("2026-07-15T09:00:00Z"),
    ...overrides,
  };
}

/** Three items: plasterboard in tonnes (estimated), asbestos sheets (hazardous), tubes in boxes. */
export const THREE_ITEMS: ItemRow[] = [
  {
    ewc_codes: ["17 08 02"],
    description: "Plasterboard offcuts from a kitchen refit",
    physical_form: "Solid",
    quantity: "1.5",
    unit: "t",
    estimated: true,
    container_type: "SKI",
    container_count: 1,
    disposal_code: "R5",
  },
  {
    ewc_codes: ["17 06 05*", "17 06 04"],
    description: "Asbestos cement roof sheets, double wrapped",
    physical_form: "Solid",
    quantity: "250",
    unit: "kg",
    container_type: "BAG",
    container_count: 12,
    hazardous: true,
    disposal_code: "D5",
  },
  {
    ewc_codes: ["20 01 21*"],
    description: "Fluorescent tubes",
    physical_form: "Mixed",
    quantity: "1250",
    unit: "kg",
    container_type: "BOX",
    container_count: 4,
    hazardous: true,
  },
];

/** Inserts a note row (and its items, numbered from 1, when given); returns the note's id. */
export async function insertNote(
  db: Database,
  overrides: Partial<NoteRow> = {},
  items: ItemRow[] = [],
): Promise<string> {
  const first = items[0];
  const row = noteRow({
    ...(first
      ? {
          description: first.description,
          ewc_code: first.ewc_codes[0],
          hazardous: items.some((i) => i.hazardous),
          container_type: first.container_type,
          container_count: first.container_count,
        }
      : {}),
    ...overrides,
  });
  const { id } = await db.insertInto("waste_notes").values(row).returning("id").executeTakeFirstOrThrow();
  if (items.length > 0)
    await db
      .insertInto("waste_note_items")
      .values(items.map((item, i) => ({ ...item, note_id: id, position: i + 1 })))
      .execute();
  return id;
}

/**
 * A series of versions as a correction writes them: each one supersedes the one before (which gets
 * superseded_at). Returns the ids, oldest first.
 */
export async function insertVersions(
  db: Database,
  count: number,
  overrides: (version: number) => Partial<NoteRow> = () => ({}),
  items: ItemRow[] = [],
): Promise<string[]> {
  const ids: string[] = [];
  for (let version = 1; version <= count; version++) {
    const created = new Date(Date.UTC(2026, 6, 14 + version, 9));
    const id = await insertNote(
      db,
      {
        version,
        created_at: created,
        ...(version > 1 ? { series_id: ids[0], supersedes_id: ids[version - 2] } : {}),
        ...overrides(version),
      },
      items,
    );
    if (version > 1)
      await db
        .updateTable("waste_notes")
        .set({ superseded_at: created })
        .where("id", "=", ids[version - 2])
        .execute();
    ids.push(id);
  }
  return ids;
}
