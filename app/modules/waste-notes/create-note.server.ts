/**
 * Creates a waste note: stores photos and drawn signatures, records what the register said about
 * the carrier (status, register, expiry), inserts the row and queues the PDF job in one
 * transaction. For a company (owner), the rules of note-rules.ts (approved, not suspended,
 * registration in force, plan allowance) are checked under a lock on the listing, so two submits
 * cannot both take the 20th slot. The public generator's register check is submitWasteNote's.
 */
import crypto from "node:crypto";
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import type { Storage } from "~/platform/storage/storage.server";
import { checkCarrierRegistration } from "./carrier-status.server";
import { getNoteEligibility } from "./note-eligibility.server";
import type { NoteRefusal, NoteRefusalReason } from "./note-rules";
import type { PlanUsage } from "./plan-limit.server";
import { queueNotePdf } from "./pdf-job.server";
import { noteFolder, photoKey, signatureKey } from "./storage-keys";
import type { WasteNoteInput } from "./validate-note.server";

export interface NoteOwner {
  userId: string;
  registrationNumber: string;
}

export type CreateNoteResult =
  | { ok: true; id: string }
  | { ok: false; reason: NoteRefusalReason; refusal: NoteRefusal; usage: PlanUsage | null };

interface NoteFiles {
  photoKeys: string[];
  transferorKey: string | null;
  transfereeKey: string | null;
}

/** The photos and drawn signatures, stored under the note's folder before the row is written. */
async function storeNoteFiles(storage: Storage, id: string, input: WasteNoteInput): Promise<NoteFiles> {
  const photoKeys: string[] = [];
  let transferorKey: string | null = null;
  let transfereeKey: string | null = null;
  for (const [i, photo] of input.photos.entries()) {
    const key = photoKey(id, i + 1, photo.type.extension);
    await storage.put(key, photo.bytes, { contentType: photo.type.mime });
    photoKeys.push(key);
  }
  if (input.transferorSignature) {
    transferorKey = signatureKey(id, "transferor");
    await storage.put(transferorKey, input.transferorSignature, { contentType: "image/png" });
  }
  if (input.transfereeSignature) {
    transfereeKey = signatureKey(id, "transferee");
    await storage.put(transfereeKey, input.transfereeSignature, { contentType: "image/png" });
  }
  return { photoKeys, transferorKey, transfereeKey };
}

/** The note's row, with what the register said about the carrier when it was written. */
async function insertNoteRow(
  trx: Database,
  note: {
    id: string;
    input: WasteNoteInput;
    files: NoteFiles;
    carrierLicense: string;
    check: Awaited<ReturnType<typeof checkCarrierRegistration>>;
    owner?: NoteOwner;
    now: Date;
  },
): Promise<void> {
  const { id, input, files, carrierLicense, check, owner, now } = note;
  await trx
    .insertInto("waste_notes")
    .values({
      id,
      user_id: owner?.userId ?? null,
      registration_number: owner?.registrationNumber ?? null,
      collection_date_time: input.collectionDateTime,
      waste_type: input.wasteType,
      description: input.description,
      ewc_code: input.ewcCode,
      hazardous: input.hazardous,
      weight: input.weight.toFixed(2),
      container_type: input.containerType,
      container_count: input.containerCount,
      origin_address: input.originAddress,
      transferor_name: input.transferorName,
      transferor_address: input.transferorAddress,
      transferor_sic_code: input.transferorSicCode,
      transferor_status: input.transferorStatus,
      transferor_permit_number: input.transferorPermitNumber,
      transferor_exemption: input.transferorExemption,
      transferor_registration: input.transferorRegistration,
      carrier_company: input.carrierCompany,
      carrier_address: input.carrierAddress,
      carrier_license: carrierLicense,
      transferee_status: input.transfereeStatus,
      transferee_permit_number: input.transfereePermitNumber,
      transferee_exemption: input.transfereeExemption,
      vehicle_reg: input.vehicleReg,
      broker_name: input.brokerName,
      broker_registration: input.brokerRegistration,
      waste_hierarchy_confirmed: input.wasteHierarchyConfirmed,
      transferor_signature_name: input.transferorSignatureName,
      transferor_signature_key: files.transferorKey,
      transferee_signature_name: input.transfereeSignatureName,
      transferee_signature_key: files.transfereeKey,
      signed_at: now,
      photo_keys: files.photoKeys,
      carrier_status_at_creation: check.kind === "ea" || check.kind === "other" ? check.status : "not_found",
      carrier_register: check.kind === "ea" ? "EA" : check.kind === "other" ? check.regulator.code : null,
      carrier_expiry_at_creation: check.kind === "ea" ? check.expiryDate : null,
      created_at: now,
    })
    .execute();
}

export async function createWasteNote(
  deps: { db: Database; storage: Storage },
  input: WasteNoteInput,
  options: { owner?: NoteOwner; now?: Date } = {},
): Promise<CreateNoteResult> {
  const { db, storage } = deps;
  const now = options.now ?? new Date();
  const id = crypto.randomUUID();

  try {
    const files = await storeNoteFiles(storage, id, input);
    // A company writes notes as the carrier it is: its own registration number, whatever the form said.
    const check = await checkCarrierRegistration(
      db,
      options.owner?.registrationNumber ?? input.carrierLicense,
      now,
    );
    const carrierLicense =
      check.kind === "ea" || check.kind === "other" ? check.number : input.carrierLicense;

    const result = await db.transaction().execute(async (trx): Promise<CreateNoteResult> => {
      if (options.owner) {
        const { refusal, usage } = await getNoteEligibility(trx, options.owner.registrationNumber, {
          now,
          lock: true,
        });
        if (refusal) return { ok: false, reason: refusal.reason, refusal, usage };
      }
      await insertNoteRow(trx, { id, input, files, carrierLicense, check, owner: options.owner, now });
      // A company's note is audited (the public generator's anonymous notes are not).
      if (options.owner) {
        await recordAudit(trx, {
          actorUserId: options.owner.userId,
          action: "waste_note.created",
          entity: "waste_note",
          entityId: id,
          details: { registrationNumber: options.owner.registrationNumber, ewcCode: input.ewcCode },
          at: now,
        });
      }
      await queueNotePdf(trx, id);
      return { ok: true, id };
    });
    if (!result.ok) await storage.deletePrefix(noteFolder(id));
    return result;
  } catch (error) {
    await storage.deletePrefix(noteFolder(id)).catch(() => {});
    throw error;
  }
}
