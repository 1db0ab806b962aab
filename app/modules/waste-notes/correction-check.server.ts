/**
 * A correction checked against its series inside `createWasteNote`'s transaction, after the
 * corrected note is locked (decision 0272): at most MAX_CORRECTIONS per note; the same customer
 * and place of collection as version 1 (spelling fixes only); a collection day within
 * CORRECTION_MAX_DAYS of version 1's; and a season ticket's recorded transfers, carried over to
 * the new version, still within its dates. Version 1 is the measure, not the version before: a
 * chain of small changes cannot walk a note over to another customer.
 */
import { ukDay } from "~/platform/dates";
import type { Database } from "~/platform/db/database.server";
import {
  changedParties,
  CORRECTION_MAX_DAYS,
  CORRECTION_REFUSALS,
  correctionDateRefusal,
  correctionPartiesRefusal,
  correctionTransfersRefusal,
  MAX_CORRECTIONS,
  type NoteParties,
} from "./correction-rules";
import type { NoteRefusal } from "./note-rules";
import type { WasteNoteInput } from "./validate-note.server";

const DAY_MS = 86_400_000;

/** The corrected note as `createWasteNote` locked it. */
export interface CorrectedNoteRow {
  id: string;
  series_id: string;
  version: number;
}

const partiesOf = (row: {
  transferor_name: string;
  transferor_address: string;
  origin_address: string;
}): NoteParties => ({
  transferorName: row.transferor_name,
  transferorAddress: row.transferor_address,
  originAddress: row.origin_address,
});

/** Whole days between two UK days ("yyyy-mm-dd"). */
const daysBetween = (a: string, b: string) =>
  Math.abs(Date.parse(`${a}T12:00:00Z`) - Date.parse(`${b}T12:00:00Z`)) / DAY_MS;

/** The corrected ticket's transfers must fall within the new version's dates. */
async function transfersProblem(
  trx: Database,
  corrects: CorrectedNoteRow,
  input: WasteNoteInput,
): Promise<NoteRefusal | null> {
  const span = await trx
    .selectFrom("waste_note_transfers")
    .select((eb) => [eb.fn.min("transferred_at").as("first"), eb.fn.max("transferred_at").as("last")])
    .where("note_id", "=", corrects.id)
    .executeTakeFirst();
  if (!span?.first || !span.last) return null;
  const first = ukDay(new Date(span.first));
  const last = ukDay(new Date(span.last));
  const from = ukDay(input.collectionDateTime);
  const until = input.seasonTicketUntil;
  if (until && from <= first && last <= until) return null;
  return correctionTransfersRefusal(first, last);
}

/** Why this correction may not be saved, or null. */
export async function correctionProblem(
  trx: Database,
  corrects: CorrectedNoteRow,
  input: WasteNoteInput,
): Promise<NoteRefusal | null> {
  if (corrects.version > MAX_CORRECTIONS) return CORRECTION_REFUSALS.limit;
  const first = await trx
    .selectFrom("waste_notes")
    .select(["transferor_name", "transferor_address", "origin_address", "collection_date_time"])
    .where("id", "=", corrects.series_id)
    .executeTakeFirstOrThrow();
  const was = partiesOf(first);
  const changed = changedParties(was, {
    transferorName: input.transferorName,
    transferorAddress: input.transferorAddress,
    originAddress: input.originAddress,
  });
  if (changed.length > 0) return correctionPartiesRefusal(was, changed);
  const firstCollection = new Date(first.collection_date_time);
  if (daysBetween(ukDay(firstCollection), ukDay(input.collectionDateTime)) > CORRECTION_MAX_DAYS)
    return correctionDateRefusal(firstCollection);
  return transfersProblem(trx, corrects, input);
}

/**
 * A season ticket's transfers copied to its new version (decision 0272): the schedule belongs to
 * the ticket, not to one version of it. The old version keeps its own rows, as it was.
 */
export async function carryTransfers(trx: Database, fromId: string, toId: string): Promise<number> {
  const rows = await trx
    .selectFrom("waste_note_transfers")
    .select(["transferred_at", "quantity", "unit", "place", "created_by", "created_at"])
    .where("note_id", "=", fromId)
    .orderBy("transferred_at")
    .execute();
  if (rows.length === 0) return 0;
  await trx
    .insertInto("waste_note_transfers")
    .values(rows.map((r) => ({ ...r, note_id: toId })))
    .execute();
  return rows.length;
}
