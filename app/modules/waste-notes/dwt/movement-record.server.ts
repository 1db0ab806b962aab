/**
 * A waste transfer note in the shape of DEFRA's Digital Waste Tracking Receipt API movement record
 * (reference/digital-waste-tracking.md, schema: movement-record.schema.json, decision 0713).
 *
 * What the note knows is mapped; what only the receiver knows (apiCode, the receiver's contact,
 * POPs, hazardous components) is left out and named in `missing`; what the note holds but the API
 * would refuse (a vehicle registration over 10 characters, a hazardous note without a consignment
 * code) is named in `problems`, so the receiver sees what to complete before sending it.
 */
import { parseRegistrationNumber } from "~/modules/directory/registration";
import { dateToLondonLocal } from "~/platform/dates";
import type { WasteNote, WasteNoteItem, WasteNoteTransfer } from "~/platform/db/schema";
import { findEwcCode } from "../ewc-codes.server";
import { LOOSE } from "../container-types.server";

export interface DwtAddress {
  fullAddress?: string;
  postcode: string;
}

export interface DwtWeight {
  metric: "Grams" | "Kilograms" | "Tonnes";
  amount: number;
  isEstimate: boolean;
}

export interface DwtWasteItem {
  ewcCodes: string[];
  wasteDescription: string;
  physicalForm: string;
  numberOfContainers?: number;
  typeOfContainers: string;
  weight: DwtWeight;
  containsHazardous: boolean;
  disposalOrRecoveryCodes?: { code: string; weight: DwtWeight }[];
}

export interface MovementRecord {
  dateTimeReceived: string;
  hazardousWasteConsignmentCode?: string;
  reasonForNoConsignmentCode?: "NON_HAZ_WASTE_TRANSFER";
  yourUniqueReference: string;
  otherReferencesForMovement?: { label: string; reference: string }[];
  wasteItems: DwtWasteItem[];
  carrier: {
    registrationNumber?: string;
    organisationName: string;
    address?: DwtAddress;
    vehicleRegistration?: string;
    meansOfTransport: string;
  };
  brokerOrDealer?: { organisationName: string; registrationNumber?: string };
  receiver?: { siteName: string; authorisationNumber: string };
  receipt?: { address: DwtAddress };
}

export interface MovementExport {
  record: MovementRecord;
  /** The record's fields the note cannot know, as paths ("apiCode", "wasteItems[0].containsPops"). */
  missing: string[];
  /** What the note holds that the API would refuse, in words. */
  problems: string[];
}

/** The file a note's export downloads (`#/$defs/exportFile` of the schema). */
export interface MovementExportFile {
  noteId: string;
  movement: MovementRecord;
  notFromTheNote: string[];
  problems: string[];
  /** A season ticket's recorded transfers, one movement each (decision 0272); only in one note's file. */
  transferMovements?: MovementExportFile[];
}

const POSTCODE = /\b([A-Z]{1,2}[0-9][A-Z0-9]?) ?([0-9][A-Z]{2})\b/;

/** A UK postcode in its written form ("SW1A 1AA"), from a postcode field or the end of an address. */
export function ukPostcode(text: string | null | undefined): string | null {
  const upper = (text ?? "").toUpperCase().replace(/\s+/g, " ");
  let found: string | null = null;
  for (const m of upper.matchAll(new RegExp(POSTCODE, "g"))) found = `${m[1]} ${m[2]}`;
  return found;
}

/** A moment as ISO 8601 in UK time with its offset: "2026-07-01T09:30:00+01:00". */
export function ukIsoDateTime(at: Date): string {
  const local = dateToLondonLocal(at);
  const minuteStart = Math.floor(at.getTime() / 60_000) * 60_000;
  const offset = Math.round((Date.parse(`${local}:00Z`) - minuteStart) / 60_000);
  const seconds = String(at.getUTCSeconds()).padStart(2, "0");
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${local}:${seconds}${sign}${hh}:${mm}`;
}

const CONSIGNMENT_CODE = /^([A-Z0-9]{6}\/[A-Z0-9]{5}|S[ABC][0-9]{7}|D[ABC][0-9]{7})$/;

function weightOf(item: WasteNoteItem): DwtWeight {
  return {
    metric: item.unit === "t" ? "Tonnes" : "Kilograms",
    amount: Number(item.quantity),
    isEstimate: item.estimated,
  };
}

function itemHazardous(item: WasteNoteItem): boolean {
  return item.hazardous || item.ewc_codes.some((c) => findEwcCode(c)?.hazardous === true);
}

function toWasteItem(item: WasteNoteItem, i: number, out: MovementExport): DwtWasteItem {
  const at = `wasteItems[${i}]`;
  const hazardous = itemHazardous(item);
  const codes = [...new Set(item.ewc_codes.map((c) => c.replace(/\D/g, "")))];
  const result: DwtWasteItem = {
    ewcCodes: codes,
    wasteDescription: item.description,
    physicalForm: item.physical_form,
    typeOfContainers: item.container_type,
    weight: weightOf(item),
    containsHazardous: hazardous,
  };
  if (item.container_count != null) result.numberOfContainers = item.container_count;
  else if (item.container_type === LOOSE) result.numberOfContainers = 0;
  else out.missing.push(`${at}.numberOfContainers`);
  if (item.disposal_code)
    result.disposalOrRecoveryCodes = [{ code: item.disposal_code, weight: weightOf(item) }];
  out.missing.push(`${at}.containsPops`);
  if (hazardous) out.missing.push(`${at}.hazardous`);
  for (const code of codes)
    if (code.length !== 6) out.problems.push(`Item ${i + 1}: the EWC code "${code}" is not six digits.`);
  return result;
}

function consignment(note: WasteNote, hazardous: boolean, out: MovementExport): Partial<MovementRecord> {
  const code = note.consignment_code?.trim().toUpperCase() || null;
  if (code && !CONSIGNMENT_CODE.test(code))
    out.problems.push(`The consignment code "${code}" is not in a recognised format.`);
  if (hazardous) {
    if (!code)
      out.problems.push(
        "The waste is hazardous but the note has no hazardous waste consignment code: add it before reporting.",
      );
    return code ? { hazardousWasteConsignmentCode: code } : {};
  }
  return code
    ? { hazardousWasteConsignmentCode: code, reasonForNoConsignmentCode: "NON_HAZ_WASTE_TRANSFER" }
    : { reasonForNoConsignmentCode: "NON_HAZ_WASTE_TRANSFER" };
}

function carrierOf(note: WasteNote, out: MovementExport): MovementRecord["carrier"] {
  const carrier: MovementRecord["carrier"] = {
    organisationName: note.carrier_company,
    meansOfTransport: note.transport_means,
  };
  const reg = parseRegistrationNumber(note.carrier_license);
  if (reg.kind === "ea" || reg.kind === "other") carrier.registrationNumber = reg.number;
  else
    out.problems.push(
      `The carrier registration number "${note.carrier_license}" is not in a recognised format.`,
    );
  const postcode = ukPostcode(note.carrier_address);
  if (postcode) carrier.address = { fullAddress: note.carrier_address, postcode };
  else out.missing.push("carrier.address.postcode");
  const vehicle = note.vehicle_reg.replace(/\s+/g, "").toUpperCase();
  if (vehicle.length > 10)
    out.problems.push(`The vehicle registration "${note.vehicle_reg}" is longer than 10 characters.`);
  else if (vehicle) carrier.vehicleRegistration = vehicle;
  else out.missing.push("carrier.vehicleRegistration");
  return carrier;
}

function receivingSite(note: WasteNote, out: MovementExport): Partial<MovementRecord> {
  const name = note.receiving_site_name?.trim();
  const authorisation = note.receiving_site_authorisation?.trim();
  const address = note.receiving_site_address?.trim();
  const postcode = ukPostcode(note.receiving_site_postcode) ?? ukPostcode(address);
  const part: Partial<MovementRecord> = {};
  if (name && authorisation) part.receiver = { siteName: name, authorisationNumber: authorisation };
  else out.missing.push("receiver.siteName", "receiver.authorisationNumber");
  if (postcode) part.receipt = { address: { ...(address ? { fullAddress: address } : {}), postcode } };
  else out.missing.push("receipt.address");
  if (note.receiving_site_postcode?.trim() && !ukPostcode(note.receiving_site_postcode))
    out.problems.push(
      `The receiving site's postcode "${note.receiving_site_postcode}" is not a UK postcode.`,
    );
  return part;
}

function status(note: WasteNote, out: MovementExport) {
  if (note.voided_at)
    out.problems.push(`This note was voided (${note.void_reason ?? "no reason given"}): do not report it.`);
  else if (note.superseded_at)
    out.problems.push("This note was corrected: report the current version instead.");
}

/** The note (with its items, as `getWasteNoteView` reads them) as a movement record. */
export function toMovementRecord(view: { note: WasteNote; items: WasteNoteItem[] }): MovementExport {
  const { note, items } = view;
  const out: MovementExport = {
    record: undefined as unknown as MovementRecord,
    missing: ["apiCode"],
    problems: [],
  };
  status(note, out);
  const wasteItems = items.map((item, i) => toWasteItem(item, i, out));
  const hazardous = wasteItems.some((i) => i.containsHazardous);
  const carrier = carrierOf(note, out);
  const record: MovementRecord = {
    dateTimeReceived: ukIsoDateTime(new Date(note.collection_date_time)),
    ...consignment(note, hazardous, out),
    yourUniqueReference: note.id,
    ...(note.supersedes_id
      ? {
          otherReferencesForMovement: [
            { label: "Corrects waste transfer note", reference: note.supersedes_id },
          ],
        }
      : {}),
    wasteItems,
    carrier,
    ...(note.broker_name?.trim()
      ? {
          brokerOrDealer: {
            organisationName: note.broker_name.trim(),
            ...(note.broker_registration?.trim()
              ? { registrationNumber: note.broker_registration.trim() }
              : {}),
          },
        }
      : {}),
    ...receivingSite(note, out),
  };
  out.missing.push("receiver.emailAddress", "receiver.phoneNumber");
  out.record = record;
  return out;
}

/** The export of one note as its file: the movement, what the note cannot know, and the problems. */
export function toMovementExportFile(view: { note: WasteNote; items: WasteNoteItem[] }): MovementExportFile {
  const { record, missing, problems } = toMovementRecord(view);
  return { noteId: view.note.id, movement: record, notFromTheNote: missing, problems };
}

/**
 * One recorded transfer of a season ticket as its own movement (decision 0272): the ticket's
 * parties, carrier and site, received at the transfer's time, its quantity as the waste's weight.
 * A ticket of several items gets their weights from the note, as estimates, and a problem saying
 * the transfer's total must be split between them. `position` numbers the ticket's transfers
 * from 1 in time order: the reference is "<note id>/transfer-<position>".
 */
export function toTransferMovementExportFile(
  view: { note: WasteNote; items: WasteNoteItem[] },
  transfer: Pick<WasteNoteTransfer, "transferred_at" | "quantity" | "unit">,
  position: number,
): MovementExportFile {
  const { note, items } = view;
  const { record, missing, problems } = toMovementRecord(view);
  const weight: DwtWeight = {
    metric: transfer.unit === "t" ? "Tonnes" : "Kilograms",
    amount: Number(transfer.quantity),
    isEstimate: false,
  };
  const single = items.length === 1;
  const wasteItems = record.wasteItems.map((item) =>
    single
      ? {
          ...item,
          weight,
          ...(item.disposalOrRecoveryCodes
            ? { disposalOrRecoveryCodes: item.disposalOrRecoveryCodes.map((d) => ({ ...d, weight })) }
            : {}),
        }
      : { ...item, weight: { ...item.weight, isEstimate: true } },
  );
  if (!single)
    problems.push(
      `This transfer's quantity (${weight.amount} ${transfer.unit === "t" ? "tonnes" : "kg"}) is for all the ticket's items together: split it between them before reporting.`,
    );
  const movement: MovementRecord = {
    ...record,
    dateTimeReceived: ukIsoDateTime(new Date(transfer.transferred_at)),
    yourUniqueReference: `${note.id}/transfer-${position}`,
    otherReferencesForMovement: [
      { label: "Season ticket waste transfer note", reference: note.id },
      ...(record.otherReferencesForMovement ?? []),
    ],
    wasteItems,
  };
  return { noteId: note.id, movement, notFromTheNote: missing, problems };
}
