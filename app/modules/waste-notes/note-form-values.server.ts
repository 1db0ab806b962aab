/**
 * The company form filled from an earlier note (issue 19, decision 0711), in the form's own field
 * names (notes contract: `items[i].…`, the receiving site, the customer's e-mail...).
 * - "repeat" (Repeat this collection): the same items, parties, receiving site and customer, with
 *   the collection date set to now (UK time). A hazardous consignment code and a season ticket's
 *   end date belong to the one consignment or ticket, so they are left for the user to enter.
 * - "correct" (Correct): everything as it was, the collection date included.
 * Never: drawn signatures, photos, the signatories' names and the waste hierarchy declaration:
 * those are given anew for each note (a signature belongs to the note it was given on).
 */
import { CORRECTION_TEXT, MAX_CORRECTIONS } from "./correction-rules";
import { dateToLondonLocal, formatDateTime } from "~/platform/dates";
import type { Database } from "~/platform/db/database.server";
import type { WasteNote, WasteNoteItem } from "~/platform/db/schema";
import type { WasteNoteView } from "./get-note.server";
import { LIFECYCLE_TEXT, noteState } from "./lifecycle-rules";
import { getOwnedNoteView, latestVersionId } from "./owned-note.server";
import type { FormValues } from "./validate-note.server";

export type NoteFormMode = "repeat" | "correct";

/** "412.750" → "412.75", "2.000" → "2": the quantity as a person types it. */
export function plainQuantity(value: string): string {
  return value.includes(".") ? value.replace(/\.?0+$/, "") : value;
}

function itemValues(items: WasteNoteItem[]): FormValues {
  const values: FormValues = {};
  items.forEach((item, i) => {
    const at = (name: string) => `items[${i}].${name}`;
    values[at("description")] = item.description;
    values[at("ewcCodes")] = [...item.ewc_codes];
    values[at("physicalForm")] = item.physical_form;
    values[at("quantity")] = plainQuantity(item.quantity);
    values[at("unit")] = item.unit;
    if (item.estimated) values[at("estimated")] = "on";
    values[at("containerType")] = item.container_type;
    values[at("containerCount")] = item.container_count === null ? "" : String(item.container_count);
    values[at("disposalCode")] = item.disposal_code ?? "";
  });
  return values;
}

const text = (v: string | null) => v ?? "";

export function noteFormValues(view: WasteNoteView, mode: NoteFormMode, now: Date = new Date()): FormValues {
  const n = view.note;
  const correct = mode === "correct";
  return {
    collectionDateTime: dateToLondonLocal(correct ? n.collection_date_time : now),
    wasteType: n.waste_type,
    ...itemValues(view.items),
    originAddress: n.origin_address,
    transferorName: n.transferor_name,
    transferorAddress: n.transferor_address,
    transferorSicCode: text(n.transferor_sic_code),
    transferorStatus: [...n.transferor_status],
    transferorPermitNumber: text(n.transferor_permit_number),
    transferorExemption: text(n.transferor_exemption),
    transferorRegistration: text(n.transferor_registration),
    carrierCompany: n.carrier_company,
    carrierAddress: n.carrier_address,
    carrierLicense: n.carrier_license,
    transfereeStatus: [...n.transferee_status],
    transfereePermitNumber: text(n.transferee_permit_number),
    transfereeExemption: text(n.transferee_exemption),
    vehicleReg: n.vehicle_reg,
    ...(n.broker_name
      ? { brokerArranged: "on", brokerName: n.broker_name, brokerRegistration: text(n.broker_registration) }
      : {}),
    receivingSiteName: text(n.receiving_site_name),
    receivingSiteAuthorisation: text(n.receiving_site_authorisation),
    receivingSiteAddress: text(n.receiving_site_address),
    receivingSitePostcode: text(n.receiving_site_postcode),
    transportMeans: n.transport_means,
    consignmentCode: correct ? text(n.consignment_code) : "",
    customerEmail: text(n.customer_email),
    seasonTicketUntil: correct ? text(n.season_ticket_until) : "",
  };
}

/** Why a note cannot be corrected, with the series' latest version to open instead. */
export interface CorrectionBlock {
  message: string;
  latestId: string | null;
}

async function correctionBlock(db: Database, note: WasteNote): Promise<CorrectionBlock | null> {
  const state = noteState(note);
  // Corrected as often as a note can be (decision 0272): void it and write a new one.
  if (state === "current" && note.version > MAX_CORRECTIONS)
    return { message: CORRECTION_TEXT.limit, latestId: null };
  if (state === "current") return null;
  return {
    message: state === "void" ? LIFECYCLE_TEXT.voidedCannotCorrect : LIFECYCLE_TEXT.alreadyCorrected,
    latestId: await latestVersionId(db, note.series_id),
  };
}

export interface FilledNoteForm {
  mode: NoteFormMode;
  values: FormValues;
  /** The note it was filled from: its id, version and collection date. */
  source: { id: string; version: number; collection: string };
  /** Correct: the id posted back as the hidden `correctionOf`. */
  correctionOf: string | null;
  /** Correct: the note is no longer the current version (already corrected, or void). */
  blocked: CorrectionBlock | null;
}

/**
 * The company form of /company/waste-note?from=<id> (repeat) or ?correct=<id> (correct), filled
 * from the company's own note; null when the note is not the company's (or not a note).
 */
export async function getFilledNoteForm(
  db: Database,
  input: { noteId: string; mode: NoteFormMode; registrationNumber: string; now?: Date },
): Promise<FilledNoteForm | null> {
  const view = await getOwnedNoteView(db, input.noteId, input.registrationNumber);
  if (!view) return null;
  const correct = input.mode === "correct";
  return {
    mode: input.mode,
    values: noteFormValues(view, input.mode, input.now),
    source: {
      id: view.note.id,
      version: view.note.version,
      collection: formatDateTime(view.note.collection_date_time),
    },
    correctionOf: correct ? view.note.id : null,
    blocked: correct ? await correctionBlock(db, view.note) : null,
  };
}

/**
 * Why a posted correction was refused ("not_current"), to say so on the form: the company's note
 * was corrected or voided meanwhile (a stale tab), or it is not the company's note at all.
 */
export async function explainRefusedCorrection(
  db: Database,
  noteId: string,
  registrationNumber: string,
): Promise<CorrectionBlock> {
  const view = await getOwnedNoteView(db, noteId, registrationNumber);
  if (!view) return { message: LIFECYCLE_TEXT.notYourNote, latestId: null };
  return (
    (await correctionBlock(db, view.note)) ?? {
      message: LIFECYCLE_TEXT.alreadyCorrected,
      latestId: view.note.id,
    }
  );
}
