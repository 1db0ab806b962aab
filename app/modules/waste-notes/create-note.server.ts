/**
 * Creates a waste note: stores photos and drawn signatures, records what the register said about
 * the carrier (status, register, expiry), inserts the row and queues the PDF job in one
 * transaction. For a company (owner), the rules of note-rules.ts (approved, not suspended,
 * registration in force, plan allowance) are checked under a lock on the listing, so two submits
 * cannot both take the 20th slot. The public generator's register check is submitWasteNote's.
 *
 * Issue 19 (decision 0709): the note's waste items are rows of waste_note_items, written in the
 * same transaction; the note's own single-item columns (ewc_code, description, weight,
 * container_type, container_count, hazardous) hold a summary for the readers that predate items:
 * the first item's first code, description and containers, hazardous when any item is, and the
 * total weight in kg. A correction (`correctionOf`) is a new note of the old one's series that
 * supersedes it; it does not use the plan's allowance, so it must be the same transfer: the same
 * customer and place as version 1, at most 5 per note, a season ticket's transfers carried over
 * (correction-check.server.ts, decision 0272). A company's note remembers its receiving site and
 * customer, and is queued to the customer's e-mail when one is given, within the listing's
 * e-mails of the day (customer-email-limit.server.ts).
 */
import crypto from "node:crypto";
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import type { Storage } from "~/platform/storage/storage.server";
import { checkCarrierRegistration } from "./carrier-status.server";
import { carryTransfers, correctionProblem } from "./correction-check.server";
import { CUSTOMER_EMAIL_LIMIT_REFUSAL, takeCustomerEmail } from "./customer-email-limit.server";
import { getNoteEligibility } from "./note-eligibility.server";
import type { NoteRefusal, NoteRefusalReason } from "./note-rules";
import type { PlanUsage } from "./plan-limit.server";
import { queueNotePdf } from "./pdf-job.server";
import { rememberNoteParties } from "./saved-parties.server";
import { queueCustomerSend } from "./send-to-customer.server";
import { noteFolder, photoKey, signatureKey, UUID_RE } from "./storage-keys";
import { totalKg } from "./validate-items.server";
import type { WasteNoteInput } from "./validate-note.server";
import { NOT_CURRENT_REFUSAL } from "./note-rules";

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
    /** The note this one corrects (its series and version). */
    corrects: CorrectedNote | null;
  },
): Promise<void> {
  const { id, input, files, carrierLicense, check, owner, now, corrects } = note;
  const first = input.items[0];
  await trx
    .insertInto("waste_notes")
    .values({
      id,
      user_id: owner?.userId ?? null,
      registration_number: owner?.registrationNumber ?? null,
      collection_date_time: input.collectionDateTime,
      waste_type: input.wasteType,
      // The single-item columns: a summary of the items (decision 0709).
      description: first.description,
      ewc_code: first.ewcCodes[0],
      hazardous: input.hazardous,
      weight: totalKg(input.items).toFixed(2),
      container_type: first.containerType,
      container_count: first.containerCount,
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
      receiving_site_name: input.receivingSite?.name ?? null,
      receiving_site_authorisation: input.receivingSite?.authorisation ?? null,
      receiving_site_address: input.receivingSite?.address ?? null,
      receiving_site_postcode: input.receivingSite?.postcode ?? null,
      transport_means: input.transportMeans,
      consignment_code: input.consignmentCode,
      // Only a company's note is sent to its customer (the public generator sends no e-mail).
      customer_email: owner ? input.customerEmail : null,
      season_ticket_until: input.seasonTicketUntil,
      ...(corrects
        ? { series_id: corrects.series_id, version: corrects.version + 1, supersedes_id: corrects.id }
        : {}),
    })
    .execute();
  await insertItems(trx, id, input);
}

/** The note's waste items, numbered from 1 in the form's order. */
async function insertItems(trx: Database, id: string, input: WasteNoteInput): Promise<void> {
  await trx
    .insertInto("waste_note_items")
    .values(
      input.items.map((item, i) => ({
        note_id: id,
        position: i + 1,
        ewc_codes: item.ewcCodes,
        description: item.description,
        physical_form: item.physicalForm,
        quantity: item.quantity.toFixed(3),
        unit: item.unit,
        estimated: item.estimated,
        container_type: item.containerType,
        container_count: item.containerCount,
        hazardous: item.hazardous,
        disposal_code: item.disposalCode,
      })),
    )
    .execute();
}

interface CorrectedNote {
  id: string;
  series_id: string;
  version: number;
}

/**
 * The company's current note that `id` names, locked, or null: a correction may only supersede
 * its own note's current version (not superseded, not void).
 */
async function currentOwnNote(trx: Database, id: string, owner: NoteOwner): Promise<CorrectedNote | null> {
  if (!UUID_RE.test(id)) return null;
  const row = await trx
    .selectFrom("waste_notes")
    .select(["id", "series_id", "version", "superseded_at", "voided_at"])
    .where("id", "=", id.toLowerCase())
    .where("registration_number", "=", owner.registrationNumber)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.superseded_at !== null || row.voided_at !== null) return null;
  return { id: row.id, series_id: row.series_id, version: row.version };
}

/** A company's note: its audit row, its remembered site and customer, and its e-mail to the customer. */
async function afterOwnerNote(
  trx: Database,
  note: { id: string; input: WasteNoteInput; owner: NoteOwner; corrects: CorrectedNote | null; now: Date },
): Promise<void> {
  const { id, input, owner, corrects, now } = note;
  await recordAudit(trx, {
    actorUserId: owner.userId,
    action: corrects ? "waste_note.corrected" : "waste_note.created",
    entity: "waste_note",
    entityId: id,
    details: {
      registrationNumber: owner.registrationNumber,
      ewcCode: input.items[0].ewcCodes[0],
      items: input.items.length,
      ...(corrects ? { supersedes: corrects.id, version: corrects.version + 1 } : {}),
    },
    at: now,
  });
  await rememberNoteParties(trx, owner.registrationNumber, {
    site: input.receivingSite,
    customer: {
      name: input.transferorName,
      address: input.transferorAddress,
      email: input.customerEmail,
      sicCode: input.transferorSicCode,
      originAddress: input.originAddress,
    },
  });
  if (input.customerEmail) await queueCustomerSend(trx, id, now);
}

/**
 * A company's note checked under the listing's lock: the note rules (note-rules.ts), a correction's
 * own rules (correction-check.server.ts) and the listing's customer e-mails of the day. Only a
 * company corrects its notes (the public generator's notes have no owner).
 */
async function checkOwnerNote(
  trx: Database,
  note: { owner?: NoteOwner; correctionOf?: string; input: WasteNoteInput; now: Date },
): Promise<Extract<CreateNoteResult, { ok: false }> | { ok: true; corrects: CorrectedNote | null }> {
  const { owner, correctionOf, input, now } = note;
  if (!owner) {
    return correctionOf === undefined
      ? { ok: true, corrects: null }
      : { ok: false, reason: "not_current", refusal: NOT_CURRENT_REFUSAL, usage: null };
  }
  const { refusal, usage } = await getNoteEligibility(trx, owner.registrationNumber, {
    now,
    lock: true,
    correction: correctionOf !== undefined,
  });
  if (refusal) return { ok: false, reason: refusal.reason, refusal, usage };
  let corrects: CorrectedNote | null = null;
  if (correctionOf !== undefined) {
    corrects = await currentOwnNote(trx, correctionOf, owner);
    if (!corrects) return { ok: false, reason: "not_current", refusal: NOT_CURRENT_REFUSAL, usage };
    const problem = await correctionProblem(trx, corrects, input);
    if (problem) return { ok: false, reason: problem.reason, refusal: problem, usage };
  }
  if (input.customerEmail && !(await takeCustomerEmail(trx, owner.registrationNumber, now)))
    return { ok: false, reason: "customer_email_limit", refusal: CUSTOMER_EMAIL_LIMIT_REFUSAL, usage };
  return { ok: true, corrects };
}

export async function createWasteNote(
  deps: { db: Database; storage: Storage },
  input: WasteNoteInput,
  options: { owner?: NoteOwner; now?: Date; correctionOf?: string } = {},
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
      const { owner, correctionOf } = options;
      const checked = await checkOwnerNote(trx, { owner, correctionOf, input, now });
      if (!checked.ok) return checked;
      const { corrects } = checked;
      await insertNoteRow(trx, { id, input, files, carrierLicense, check, owner, now, corrects });
      if (corrects) {
        // A season ticket's schedule stays with the ticket (decision 0272).
        await carryTransfers(trx, corrects.id, id);
        await trx
          .updateTable("waste_notes")
          .set({ superseded_at: now })
          .where("id", "=", corrects.id)
          .execute();
        // The old version's PDF is made again, saying it is superseded.
        await queueNotePdf(trx, corrects.id);
      }
      // A company's note is audited (the public generator's anonymous notes are not).
      if (owner) await afterOwnerNote(trx, { id, input, owner, corrects, now });
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
