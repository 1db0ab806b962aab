/**
 * The company's digital waste tracking exports (decision 0713): one note's movement record, the
 * movement records of a range of collection days (current notes only: a superseded or voided note
 * is not reported), and the waste items of a range as CSV, one row per item. Notes are read in
 * keyset batches (decision 0806), their items per batch. A current season ticket's recorded
 * transfers made in the range are movements too, one each, whatever day the ticket began
 * (decision 0272); one note's file holds its transfers' movements.
 */
import { csvDateTime, mapBatches, type CsvExport } from "~/platform/csv";
import type { Database } from "~/platform/db/database.server";
import { keysetBatches } from "~/platform/db/keyset-batches.server";
import type { WasteNote, WasteNoteItem } from "~/platform/db/schema";
import { getNoteTransfers } from "../export-csv.server";
import { getNoteItems, getWasteNote } from "../get-note.server";
import { applyNoteFilters, noteStatus } from "../list-notes.server";
import { NOTE_STATUS_LABELS, type PastNotesQuery } from "../past-notes-filters";
import {
  toMovementExportFile,
  toTransferMovementExportFile,
  type MovementExportFile,
} from "./movement-record.server";

/** One note's export, or null when the note is not this company's. */
export async function getNoteMovementExport(
  db: Database,
  registrationNumber: string,
  id: string,
): Promise<MovementExportFile | null> {
  const note = await getWasteNote(db, id);
  if (!note || note.registration_number !== registrationNumber) return null;
  const items = (await getNoteItems(db, [note])).get(note.id)!;
  const file = toMovementExportFile({ note, items });
  const transfers = (await getNoteTransfers(db, [note])).get(note.id) ?? [];
  if (transfers.length === 0) return file;
  return {
    ...file,
    transferMovements: transfers.map((t, i) => toTransferMovementExportFile({ note, items }, t, i + 1)),
  };
}

/** The company's notes matching the filters, oldest first, in batches, each with its items. */
export async function* companyNoteBatches(
  db: Database,
  registrationNumber: string,
  filters: Partial<PastNotesQuery>,
  options: { batchSize?: number } = {},
): AsyncGenerator<{ note: WasteNote; items: WasteNoteItem[] }[]> {
  const batches = keysetBatches(
    { createdAt: "waste_notes.created_at", id: "waste_notes.id" },
    ({ cursor, window, dir, limit }) => {
      let query = applyNoteFilters(
        db.selectFrom("waste_notes").where("waste_notes.registration_number", "=", registrationNumber),
        filters,
      )
        .selectAll("waste_notes")
        .select(cursor);
      if (window) query = query.where(window);
      return query
        .orderBy("waste_notes.created_at", dir)
        .orderBy("waste_notes.id", dir)
        .limit(limit)
        .execute();
    },
    { dir: "asc", batchSize: options.batchSize },
  );
  for await (const rows of batches) {
    const notes = rows.map(({ cursor_at: _cursor, ...note }) => note as WasteNote);
    const items = await getNoteItems(db, notes);
    yield notes.map((note) => ({ note, items: items.get(note.id)! }));
  }
}

/** The movement records of the current notes collected in the range, in batches, then their transfers'. */
export async function* movementExportBatches(
  db: Database,
  registrationNumber: string,
  bounds: PastNotesQuery["bounds"],
  options: { batchSize?: number } = {},
): AsyncGenerator<MovementExportFile[]> {
  for await (const batch of companyNoteBatches(
    db,
    registrationNumber,
    { bounds, status: "current" },
    options,
  ))
    yield batch.map(toMovementExportFile);
  yield* transferMovementBatches(db, registrationNumber, bounds, options);
}

/**
 * The recorded transfers made in the range of the company's current season tickets, one movement
 * each, ticket by ticket (numbered within their ticket's whole schedule, so a transfer keeps its
 * reference whatever the range).
 */
async function* transferMovementBatches(
  db: Database,
  registrationNumber: string,
  bounds: PastNotesQuery["bounds"],
  options: { batchSize?: number },
): AsyncGenerator<MovementExportFile[]> {
  let query = applyNoteFilters(
    db.selectFrom("waste_notes").where("waste_notes.registration_number", "=", registrationNumber),
    { status: "current" },
  )
    .innerJoin("waste_note_transfers as t", "t.note_id", "waste_notes.id")
    .select("waste_notes.id")
    .distinct();
  if (bounds.start) query = query.where("t.transferred_at", ">=", bounds.start);
  if (bounds.end) query = query.where("t.transferred_at", "<", bounds.end);
  const ids = (await query.orderBy("waste_notes.id").execute()).map((r) => r.id);
  const size = options.batchSize ?? 200;
  for (let i = 0; i < ids.length; i += size) {
    const notes = await db
      .selectFrom("waste_notes")
      .selectAll()
      .where("id", "in", ids.slice(i, i + size))
      .orderBy("collection_date_time")
      .orderBy("id")
      .execute();
    const [items, transfers] = await Promise.all([getNoteItems(db, notes), getNoteTransfers(db, notes)]);
    const inRange = (at: Date) => (!bounds.start || at >= bounds.start) && (!bounds.end || at < bounds.end);
    yield notes.flatMap((note) =>
      (transfers.get(note.id) ?? []).flatMap((t, n) =>
        inRange(new Date(t.transferred_at))
          ? [toTransferMovementExportFile({ note, items: items.get(note.id)! }, t, n + 1)]
          : [],
      ),
    );
  }
}

const ITEM_COLUMNS: Array<[string, (n: WasteNote, item: WasteNoteItem) => string]> = [
  ["note_id", (n) => n.id],
  ["note_number", (n) => n.id.slice(0, 8)],
  ["version", (n) => String(n.version)],
  ["status", (n) => NOTE_STATUS_LABELS[noteStatus(n)]],
  ["collection_date_time", (n) => csvDateTime(n.collection_date_time)],
  ["item", (_n, i) => String(i.position)],
  ["ewc_codes", (_n, i) => i.ewc_codes.join("; ")],
  ["ewc_codes_6", (_n, i) => i.ewc_codes.map((c) => c.replace(/\D/g, "")).join(";")],
  ["description", (_n, i) => i.description],
  ["physical_form", (_n, i) => i.physical_form],
  ["quantity", (_n, i) => String(Number(i.quantity))],
  ["unit", (_n, i) => (i.unit === "t" ? "tonnes" : "kg")],
  ["estimated", (_n, i) => (i.estimated ? "yes" : "no")],
  ["container_type", (_n, i) => i.container_type],
  ["container_count", (_n, i) => (i.container_count == null ? "" : String(i.container_count))],
  ["hazardous", (_n, i) => (i.hazardous ? "yes" : "no")],
  ["disposal_or_recovery_code", (_n, i) => i.disposal_code ?? ""],
  ["consignment_code", (n) => n.consignment_code ?? ""],
  ["transferor_name", (n) => n.transferor_name],
  ["place_of_transfer", (n) => n.origin_address],
  ["carrier_registration", (n) => n.carrier_license],
  ["vehicle_reg", (n) => n.vehicle_reg],
  ["transport_means", (n) => n.transport_means],
  ["receiving_site_name", (n) => n.receiving_site_name ?? ""],
  ["receiving_site_authorisation", (n) => n.receiving_site_authorisation ?? ""],
  ["receiving_site_address", (n) => n.receiving_site_address ?? ""],
  ["receiving_site_postcode", (n) => n.receiving_site_postcode ?? ""],
];

/** The waste items of the company's notes matching the filters, one row per item (every status). */
export function exportNoteItemsCsv(
  db: Database,
  registrationNumber: string,
  filters: Partial<PastNotesQuery>,
  options: { batchSize?: number } = {},
): CsvExport {
  async function* rows() {
    for await (const batch of companyNoteBatches(db, registrationNumber, filters, options))
      yield batch.flatMap(({ note, items }) => items.map((item) => ({ note, item })));
  }
  return {
    name: `waste-note-items-${registrationNumber.replace(/[^A-Za-z0-9]/g, "")}`,
    columns: ITEM_COLUMNS.map(([h]) => h),
    batches: mapBatches(rows(), ({ note, item }) => ITEM_COLUMNS.map(([, get]) => get(note, item))),
  };
}
