/**
 * Creates a general quote lead (status 'new'): honeypot, per-IP limit, photo check, photo
 * storage (failures logged, the lead kept without the image), then the row.
 */
import type { Database } from "~/platform/db/database.server";
import type { Logger } from "~/platform/logger.server";
import { hit } from "~/platform/rate-limit.server";
import type { Storage } from "~/platform/storage/storage.server";
import type { LeadInput } from "./lead-schema";
import { checkPhoto, storePhoto } from "./photo.server";
import { FORM_LIMITS, formLimitKey } from "./rate-limits";

export interface EnquiryServices {
  db: Database;
  storage: Storage;
  log: Logger;
}

export type CreateLeadResult =
  | { status: "created"; id: string; imageStored: boolean }
  | { status: "ignored" }
  | { status: "rate-limited" }
  | { status: "invalid-photo"; reason: "not-image" | "too-large" };

export async function createLead(
  { db, storage, log }: EnquiryServices,
  args: { input: LeadInput; photo: FormDataEntryValue | null; honeypot: FormDataEntryValue | null; ip: string },
): Promise<CreateLeadResult> {
  if (typeof args.honeypot === "string" && args.honeypot.trim() !== "") {
    log.info({ form: "lead" }, "honeypot filled; submission ignored");
    return { status: "ignored" };
  }
  const photo = await checkPhoto(args.photo);
  if (photo.kind === "not-image" || photo.kind === "too-large") return { status: "invalid-photo", reason: photo.kind };
  if (!(await hit(db, formLimitKey("lead", args.ip), FORM_LIMITS.lead)).allowed) return { status: "rate-limited" };
  const imageKey = photo.kind === "ok" ? await storePhoto(storage, log, "generalleads", photo.photo) : null;
  const { input } = args;
  const row = await db
    .insertInto("general_leads")
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      postcode: input.postcode,
      load_size: input.loadSize ?? null,
      description: input.description,
      image_key: imageKey,
      preferred_date: input.preferredDate,
      preferred_time: input.preferredTime,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { status: "created", id: row.id, imageStored: imageKey !== null };
}
