/**
 * Creates a waste note: stores photos and drawn signatures, records the carrier's register
 * status, inserts the row and queues the PDF job in one transaction. For a company (owner), the
 * plan limit is checked under a lock on the listing so two submits cannot both take the 20th slot.
 */
import crypto from "node:crypto";
import type { Database } from "~/platform/db/database.server";
import { enqueueJob } from "~/platform/jobs/queue.server";
import type { Storage } from "~/platform/storage/storage.server";
import { lookUpCarrierStatus } from "./carrier-status.server";
import { checkPlanLimit, countNotesThisMonth, type Plan, type PlanUsage } from "./plan-limit.server";
import { noteFolder, photoKey, signatureKey } from "./storage-keys";
import type { WasteNoteInput } from "./validate-note.server";

export const PDF_JOB = "waste-note.pdf";

export interface NoteOwner {
  userId: string;
  registrationNumber: string;
}

export type CreateNoteResult = { ok: true; id: string } | { ok: false; reason: "plan_limit"; usage: PlanUsage };

export async function createWasteNote(
  deps: { db: Database; storage: Storage },
  input: WasteNoteInput,
  options: { owner?: NoteOwner; now?: Date } = {},
): Promise<CreateNoteResult> {
  const { db, storage } = deps;
  const now = options.now ?? new Date();
  const id = crypto.randomUUID();

  const photoKeys: string[] = [];
  let transferorKey: string | null = null;
  let transfereeKey: string | null = null;
  try {
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
    // A company writes notes as the carrier it is: its own registration number, whatever the form said.
    const carrierLicense = options.owner?.registrationNumber ?? input.carrierLicense;
    const carrierStatus = await lookUpCarrierStatus(db, carrierLicense, now);

    const result = await db.transaction().execute(async (trx): Promise<CreateNoteResult> => {
      if (options.owner) {
        const listing = await trx
          .selectFrom("claimed_listings")
          .select(["subscription_plan", "subscription_end_date"])
          .where("registration_number", "=", options.owner.registrationNumber)
          .forUpdate()
          .executeTakeFirst();
        const premium =
          listing?.subscription_plan === "premium" &&
          (!listing.subscription_end_date || new Date(listing.subscription_end_date) >= now);
        const plan: Plan = premium ? "premium" : "standard";
        const usage = checkPlanLimit(plan, await countNotesThisMonth(trx, options.owner.registrationNumber, now));
        if (!usage.allowed) return { ok: false, reason: "plan_limit", usage };
      }
      await trx
        .insertInto("waste_notes")
        .values({
          id,
          user_id: options.owner?.userId ?? null,
          registration_number: options.owner?.registrationNumber ?? null,
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
          transferor_signature_key: transferorKey,
          transferee_signature_name: input.transfereeSignatureName,
          transferee_signature_key: transfereeKey,
          signed_at: now,
          photo_keys: photoKeys,
          carrier_status_at_creation: carrierStatus,
          created_at: now,
        })
        .execute();
      await enqueueJob(trx, PDF_JOB, { id }, { uniqueKey: `${PDF_JOB}:${id}` });
      return { ok: true, id };
    });
    if (!result.ok) await storage.deletePrefix(noteFolder(id));
    return result;
  } catch (error) {
    await storage.deletePrefix(noteFolder(id)).catch(() => {});
    throw error;
  }
}
