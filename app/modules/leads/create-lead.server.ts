/**
 * Creates a general quote lead (status 'new'): honeypot, per-IP limit, photo check, photo
 * storage (failures logged, the lead kept without the image), then the row and the visitor's
 * copy in one transaction (decision 0602): the copy is queued through the outbox unless the
 * address's mailbox has had its share of copies, and the result says which, so the form tells
 * the visitor only what happened. Leads reach the team (/admin/leads), not carriers.
 */
import type { Database } from "~/platform/db/database.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Logger } from "~/platform/logger.server";
import type { Storage } from "~/platform/storage/storage.server";
import { leadCopyEmail } from "./lead-copy-email.server";
import type { LeadInput } from "./lead-schema";
import { checkPhoto, storePhoto } from "./photo.server";
import { formAllowed, formNotCounted, ignoredAsBot } from "./visitor-form.server";
import { allowCopy } from "./visitor-copy.server";

export interface EnquiryServices {
  db: Database;
  storage: Storage;
  log: Logger;
}

export type CreateLeadResult =
  | { status: "created"; id: string; imageStored: boolean; copy: "queued" | "limited" }
  | { status: "ignored" }
  | { status: "rate-limited" }
  | { status: "invalid-photo"; reason: "not-image" | "too-large" }
  /** The image queue was full: nothing stored, the visitor asked to try again (decision 0255). */
  | { status: "busy" };

export async function createLead(
  { db, storage, log }: EnquiryServices,
  config: { publicUrl: string },
  args: {
    input: LeadInput;
    photo: FormDataEntryValue | null;
    honeypot: FormDataEntryValue | null;
    ip: string;
    /** The request's: a photo still waiting for its turn when the visitor goes is not worked on. */
    signal?: AbortSignal;
  },
): Promise<CreateLeadResult> {
  if (ignoredAsBot(log, "lead", args.honeypot)) return { status: "ignored" };
  // The limit before the photo: decoding and re-encoding an image is the costly part, and a
  // client over its limit must not get it done for nothing.
  if (!(await formAllowed(db, "lead", args.ip))) return { status: "rate-limited" };
  const photo = await checkPhoto(args.photo, args.signal);
  if (photo.kind === "busy") {
    await formNotCounted(db, "lead", args.ip);
    return { status: "busy" };
  }
  if (photo.kind === "not-image" || photo.kind === "too-large")
    return { status: "invalid-photo", reason: photo.kind };
  const imageKey = photo.kind === "ok" ? await storePhoto(storage, log, "generalleads", photo.photo) : null;
  const { input } = args;
  const { id, copy } = await db.transaction().execute(async (trx) => {
    const row = await trx
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
    if (!(await allowCopy(trx, input.email))) return { id: row.id, copy: "limited" as const };
    const note = imageKey ? "stored" : photo.kind === "ok" ? "failed" : "none";
    await queueEmail(trx, leadCopyEmail({ input, photo: note, publicUrl: config.publicUrl }));
    return { id: row.id, copy: "queued" as const };
  });
  if (copy === "limited")
    log.info({ leadId: id }, "copy to the visitor held back: this mailbox has had its share of copies");
  return { status: "created", id, imageStored: imageKey !== null, copy };
}
