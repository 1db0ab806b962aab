/**
 * A note as the view page and the PDF show it: plain, serialisable, with labels and en-GB dates
 * (decision 0714). Built from the whole view (get-note.server.ts): the note, its waste items,
 * the versions of its series, a season ticket's transfers and the carrier's status now.
 */
import type { WasteNote, WasteNoteItem, WasteNoteTransfer } from "~/platform/db/schema";
import { formatDate, formatDateTime, formatNumber } from "~/platform/dates";
import type { Database } from "~/platform/db/database.server";
import { CARRIER_STATUS_LABELS, type CarrierStatus } from "./carrier-status.server";
import { sameParties, type NoteParties } from "./correction-rules";
import { describeCustomer, type CustomerDescription } from "./customer-status";
import { PARTY_STATUSES, type PartyStatus } from "./constants";
import { containerLabel, LOOSE } from "./container-types.server";
import { findEwcCode } from "./ewc-codes.server";
import { getWasteNoteView, type NoteVersion, type WasteNoteView } from "./get-note.server";
import { describeRegisterCheck, type RegisterCheck } from "./register-check";
import { photoPath, signaturePath } from "./storage-keys";

export interface NoteItemDescription {
  position: number;
  ewcCodes: { code: string; description: string; hazardous: boolean }[];
  description: string;
  physicalForm: string;
  /** "1,250 kg", "1.5 tonnes (estimated)". */
  quantity: string;
  containment: string;
  disposalCode: string | null;
  hazardous: boolean;
}

export type VersionStatus = "current" | "superseded" | "void";

export interface NoteDescription {
  id: string;
  created: string;
  collection: string;
  signed: string;
  hazardous: boolean;
  wasteType: string;
  /** The first item's description and code (a note's one item before items existed). */
  description: string;
  ewcCode: string;
  ewcDescription: string;
  /** The total of every item's quantity, in kg. */
  weight: string;
  /** The first item's containment. */
  containment: string;
  originAddress: string;
  transferor: { name: string; address: string; sicCode: string | null; statuses: string[] };
  carrier: { company: string; address: string; licence: string; vehicleReg: string; statuses: string[] };
  broker: { name: string; registration: string | null } | null;
  wasteHierarchyConfirmed: boolean;
  signatures: {
    transferor: string;
    transferee: string;
    transferorImage: string | null;
    transfereeImage: string | null;
  };
  photos: string[];
  verification: {
    now: string;
    atCreation: string;
    nowStatus: CarrierStatus;
    atCreationStatus: CarrierStatus | null;
    check: RegisterCheck;
  };
  pdfUrl: string | null;
  qrUrl: string | null;
  items: NoteItemDescription[];
  receivingSite: { name: string; authorisation: string; address: string; postcode: string } | null;
  transportMeans: string;
  consignmentCode: string | null;
  seasonTicket: {
    from: string;
    until: string;
    transfers: { at: string; quantity: string; place: string }[];
  } | null;
  versionInfo: {
    version: number;
    current: boolean;
    supersededById: string | null;
    supersedesId: string | null;
    versions: { id: string; version: number; created: string; status: VersionStatus }[];
  };
  voided: { at: string; reason: string } | null;
  /**
   * Whether the customer still has to sign, for everyone; where the note's e-mail went and what
   * came of it, for the owner only (null for anyone else, see `describeCustomer`).
   */
  customer: CustomerDescription;
}

const statuses = (list: string[], details: Partial<Record<PartyStatus, string | null>>) =>
  list.map((s) => {
    const label = PARTY_STATUSES[s as PartyStatus] ?? s;
    const d = details[s as PartyStatus];
    return d ? `${label}: ${d}` : label;
  });

/** "1,250 kg", "1 tonne", "1.5 tonnes", with " (estimated)" when it was estimated. */
export function formatQuantity(quantity: string | number, unit: string, estimated = false): string {
  const n = Number(quantity);
  const amount =
    unit === "t" ? `${formatNumber(n)} ${n === 1 ? "tonne" : "tonnes"}` : `${formatNumber(n)} kg`;
  return estimated ? `${amount} (estimated)` : amount;
}

/** "Loose (no container)" or "2 × Skip". */
export function formatContainment(type: string, count: number | null): string {
  return type === LOOSE ? "Loose (no container)" : `${count ?? 1} × ${containerLabel(type)}`;
}

export function describeItem(item: WasteNoteItem): NoteItemDescription {
  return {
    position: item.position,
    ewcCodes: item.ewc_codes.map((code) => {
      const entry = findEwcCode(code);
      return {
        code: entry?.code ?? code,
        description: entry?.description ?? "",
        hazardous: entry?.hazardous ?? false,
      };
    }),
    description: item.description,
    physicalForm: item.physical_form,
    quantity: formatQuantity(item.quantity, item.unit, item.estimated),
    containment: formatContainment(item.container_type, item.container_count),
    disposalCode: item.disposal_code,
    hazardous: item.hazardous,
  };
}

/** Every item's quantity added up in kg ("1,662.75 kg"; "(estimated)" when any part was). */
function totalWeight(items: WasteNoteItem[]): string {
  const kg = items.reduce((sum, i) => sum + Number(i.quantity) * (i.unit === "t" ? 1000 : 1), 0);
  return formatQuantity(
    Math.round(kg * 1000) / 1000,
    "kg",
    items.some((i) => i.estimated),
  );
}

const versionStatus = (v: NoteVersion): VersionStatus =>
  v.voidedAt ? "void" : v.supersededAt ? "superseded" : "current";

const partiesOf = (note: WasteNote): NoteParties => ({
  transferorName: note.transferor_name,
  transferorAddress: note.transferor_address,
  originAddress: note.origin_address,
});

/**
 * The versions this viewer may be led to (decision 0272): every one for the owner; for anyone else
 * (the note's link, its QR code, the PDF) only those naming the same customer and place as this
 * one, so a customer holding one version is never shown a note about someone else (a correction
 * written before corrections had to keep the parties).
 */
function visibleVersions(note: WasteNote, versions: NoteVersion[], owner: boolean): NoteVersion[] {
  const own: NoteVersion = {
    id: note.id,
    version: note.version,
    createdAt: note.created_at,
    supersededAt: note.superseded_at,
    voidedAt: note.voided_at,
    parties: partiesOf(note),
  };
  if (versions.length === 0) return [own];
  return owner ? versions : versions.filter((v) => v.id === note.id || sameParties(v.parties, own.parties));
}

function describeVersions(
  note: WasteNote,
  versions: NoteVersion[],
  owner: boolean,
): NoteDescription["versionInfo"] {
  const list = visibleVersions(note, versions, owner);
  return {
    version: note.version,
    current: !note.superseded_at && !note.voided_at,
    supersededById: note.superseded_at
      ? (list.find((v) => v.version === note.version + 1)?.id ?? null)
      : null,
    supersedesId: list.some((v) => v.id === note.supersedes_id) ? note.supersedes_id : null,
    versions: list.map((v) => ({
      id: v.id,
      version: v.version,
      created: formatDateTime(v.createdAt),
      status: versionStatus(v),
    })),
  };
}

function describeSeasonTicket(
  note: WasteNote,
  transfers: WasteNoteTransfer[],
): NoteDescription["seasonTicket"] {
  if (!note.season_ticket_until) return null;
  return {
    from: formatDate(note.collection_date_time),
    until: formatDate(note.season_ticket_until),
    transfers: transfers.map((t) => ({
      at: formatDateTime(t.transferred_at),
      quantity: formatQuantity(t.quantity, t.unit),
      place: t.place,
    })),
  };
}

function describeParties(note: WasteNote): Pick<NoteDescription, "transferor" | "carrier" | "broker"> {
  return {
    transferor: {
      name: note.transferor_name,
      address: note.transferor_address,
      sicCode: note.transferor_sic_code,
      statuses: statuses(note.transferor_status, {
        permit_holder: note.transferor_permit_number && `permit ${note.transferor_permit_number}`,
        exempt: note.transferor_exemption,
        registered_carrier: note.transferor_registration && `registration ${note.transferor_registration}`,
      }),
    },
    carrier: {
      company: note.carrier_company,
      address: note.carrier_address,
      licence: note.carrier_license,
      vehicleReg: note.vehicle_reg,
      statuses: statuses(note.transferee_status, {
        permit_holder: note.transferee_permit_number && `permit ${note.transferee_permit_number}`,
        exempt: note.transferee_exemption,
      }),
    },
    broker: note.broker_name ? { name: note.broker_name, registration: note.broker_registration } : null,
  };
}

function describeEvidence(
  note: WasteNote,
  carrierStatusNow: CarrierStatus,
): Pick<NoteDescription, "signatures" | "photos" | "verification"> {
  const atCreation = note.carrier_status_at_creation as CarrierStatus | null;
  return {
    signatures: {
      transferor: note.transferor_signature_name,
      transferee: note.transferee_signature_name,
      transferorImage: note.transferor_signature_key ? signaturePath(note.id, "transferor") : null,
      transfereeImage: note.transferee_signature_key ? signaturePath(note.id, "transferee") : null,
    },
    photos: note.photo_keys.map((_, i) => photoPath(note.id, i + 1)),
    verification: {
      nowStatus: carrierStatusNow,
      atCreationStatus: atCreation,
      now: CARRIER_STATUS_LABELS[carrierStatusNow],
      atCreation: atCreation ? CARRIER_STATUS_LABELS[atCreation] : "Not checked",
      check: describeRegisterCheck(note),
    },
  };
}

function describeTransfer(
  note: WasteNote,
): Pick<NoteDescription, "receivingSite" | "transportMeans" | "consignmentCode" | "voided"> {
  return {
    receivingSite: note.receiving_site_name
      ? {
          name: note.receiving_site_name,
          authorisation: note.receiving_site_authorisation ?? "",
          address: note.receiving_site_address ?? "",
          postcode: note.receiving_site_postcode ?? "",
        }
      : null,
    transportMeans: note.transport_means,
    consignmentCode: note.consignment_code,
    voided: note.voided_at ? { at: formatDateTime(note.voided_at), reason: note.void_reason ?? "" } : null,
  };
}

/** Who the description is for. */
export interface DescribeOptions {
  /**
   * The viewer's company owns the note (the view page's `canManage`): the customer's e-mail
   * address and its status are included. Without it (anyone with the note's link, the PDF) they
   * are not (decision 0712).
   */
  owner?: boolean;
}

export function describeNote(view: WasteNoteView, { owner = false }: DescribeOptions = {}): NoteDescription {
  const { note, carrierStatusNow } = view;
  const items = view.items.map(describeItem);
  const first = items[0];
  return {
    id: note.id,
    created: formatDateTime(note.created_at),
    collection: formatDateTime(note.collection_date_time),
    signed: formatDateTime(note.signed_at ?? note.created_at),
    hazardous: note.hazardous || items.some((i) => i.hazardous),
    wasteType: note.waste_type,
    description: first?.description ?? note.description,
    ewcCode: note.ewc_code,
    ewcDescription: findEwcCode(note.ewc_code)?.description ?? "",
    weight: totalWeight(view.items),
    containment: first?.containment ?? formatContainment(note.container_type, note.container_count),
    originAddress: note.origin_address,
    ...describeParties(note),
    wasteHierarchyConfirmed: note.waste_hierarchy_confirmed,
    ...describeEvidence(note, carrierStatusNow),
    pdfUrl: note.pdf_url,
    qrUrl: note.qr_url,
    items,
    ...describeTransfer(note),
    seasonTicket: describeSeasonTicket(note, view.transfers),
    versionInfo: describeVersions(note, view.versions, owner),
    customer: describeCustomer(note, owner),
  };
}

/**
 * The view page's note: described for its viewer (`owner` when the viewer's company owns it, see
 * `DescribeOptions`), or null when there is no such note.
 */
export async function getNoteDescription(
  db: Database,
  id: string,
  options: DescribeOptions = {},
): Promise<NoteDescription | null> {
  const view = await getWasteNoteView(db, id);
  return view ? describeNote(view, options) : null;
}
