/** A note as the view page shows it: plain, serialisable, with labels and en-GB dates. */
import type { WasteNote } from "~/platform/db/schema";
import { CARRIER_STATUS_LABELS, type CarrierStatus } from "./carrier-status.server";
import { PARTY_STATUSES, type PartyStatus } from "./constants";
import { containerLabel, LOOSE } from "./container-types.server";
import { formatDateTime } from "~/platform/dates";
import { findEwcCode } from "./ewc-codes.server";
import { getWasteNoteView } from "./get-note.server";
import type { Database } from "~/platform/db/database.server";
import { describeRegisterCheck, type RegisterCheck } from "./register-check";
import { photoPath, signaturePath } from "./storage-keys";

export interface NoteDescription {
  id: string;
  created: string;
  collection: string;
  signed: string;
  hazardous: boolean;
  wasteType: string;
  description: string;
  ewcCode: string;
  ewcDescription: string;
  weight: string;
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
}

const statuses = (list: string[], details: Partial<Record<PartyStatus, string | null>>) =>
  list.map((s) => {
    const label = PARTY_STATUSES[s as PartyStatus] ?? s;
    const d = details[s as PartyStatus];
    return d ? `${label}: ${d}` : label;
  });

export function describeNote(note: WasteNote, carrierStatusNow: CarrierStatus): NoteDescription {
  const atCreation = note.carrier_status_at_creation as CarrierStatus | null;
  return {
    id: note.id,
    created: formatDateTime(note.created_at),
    collection: formatDateTime(note.collection_date_time),
    signed: formatDateTime(note.signed_at ?? note.created_at),
    hazardous: note.hazardous,
    wasteType: note.waste_type,
    description: note.description,
    ewcCode: note.ewc_code,
    ewcDescription: findEwcCode(note.ewc_code)?.description ?? "",
    weight: `${Number(note.weight).toLocaleString("en-GB", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} kg`,
    containment:
      note.container_type === LOOSE
        ? "Loose (no container)"
        : `${note.container_count ?? 1} × ${containerLabel(note.container_type)}`,
    originAddress: note.origin_address,
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
    wasteHierarchyConfirmed: note.waste_hierarchy_confirmed,
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
    pdfUrl: note.pdf_url,
    qrUrl: note.qr_url,
  };
}

/** The view page's one call: the note described, or null when there is no such note. */
export async function getNoteDescription(db: Database, id: string): Promise<NoteDescription | null> {
  const view = await getWasteNoteView(db, id);
  return view ? describeNote(view.note, view.carrierStatusNow) : null;
}
