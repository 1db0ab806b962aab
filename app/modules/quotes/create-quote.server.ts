/**
 * A visitor's quote request to a claimed premium provider (status 'pending'). The row and the
 * provider's e-mail ('New Quote Request from {name}') are written in one transaction through the
 * outbox: sending happens in the job runner with retries, so a mail failure is logged and retried
 * and never fails the visitor's request. The provider's 'Email Notifications' setting is honoured.
 */
import crypto from "node:crypto";
import { getProvider } from "~/modules/directory/get-provider.server";
import type { Database } from "~/platform/db/database.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Logger } from "~/platform/logger.server";
import { hit } from "~/platform/rate-limit.server";
import type { Storage } from "~/platform/storage/storage.server";
import { checkPhoto, storePhoto } from "../leads/photo.server";
import { FORM_LIMITS, formLimitKey } from "../leads/rate-limits";
import { quoteRequestEmail } from "./quote-email.server";
import type { QuoteInput } from "./quote-schema";

export type CreateQuoteResult =
  | { status: "created"; id: string; emailed: boolean; imageStored: boolean }
  | { status: "ignored" }
  | { status: "not-found" }
  | { status: "no-contact" }
  | { status: "invalid-service" }
  | { status: "rate-limited" }
  | { status: "invalid-photo"; reason: "not-image" | "too-large" };

/** Which providers take quote requests: claimed and premium (spec section 4). */
export async function getQuoteProvider(db: Database, registrationNumber: string) {
  const provider = await getProvider(db, registrationNumber);
  return provider && provider.is_claimed && provider.is_premium ? provider : null;
}

export async function createQuoteRequest(
  { db, storage, log }: { db: Database; storage: Storage; log: Logger },
  config: { publicUrl: string },
  args: { registrationNumber: string; input: QuoteInput; photo: FormDataEntryValue | null; honeypot: FormDataEntryValue | null; ip: string },
): Promise<CreateQuoteResult> {
  // The honeypot first: a bot is told it worked, and nothing is stored or sent.
  if (typeof args.honeypot === "string" && args.honeypot.trim() !== "") {
    log.info({ form: "quote" }, "honeypot filled; submission ignored");
    return { status: "ignored" };
  }
  const provider = await getQuoteProvider(db, args.registrationNumber);
  if (!provider) return { status: "not-found" };
  if (!provider.email?.trim()) return { status: "no-contact" };
  const { input } = args;
  if (input.serviceType && !provider.services.includes(input.serviceType)) return { status: "invalid-service" };
  const photo = await checkPhoto(args.photo);
  if (photo.kind === "not-image" || photo.kind === "too-large") return { status: "invalid-photo", reason: photo.kind };
  if (!(await hit(db, formLimitKey("quote", args.ip), FORM_LIMITS.quote)).allowed) return { status: "rate-limited" };

  const reg = provider.registration_number;
  const prefix = `provider-requests/${reg.toLowerCase().replace(/[^a-z0-9._-]/g, "-")}`;
  const imageKey = photo.kind === "ok" ? await storePhoto(storage, log, prefix, photo.photo) : null;
  const id = crypto.randomUUID();
  const settings = await db.selectFrom("claimed_listings").select("email_notifications").where("registration_number", "=", reg).executeTakeFirst();
  const notify = settings?.email_notifications ?? true;

  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("quote_requests")
      .values({
        id,
        provider_id: reg,
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        postcode: input.postcode ?? null,
        service_type: input.serviceType ?? null,
        message: input.message,
        image_key: imageKey,
      })
      .execute();
    if (notify) {
      await queueEmail(
        trx,
        quoteRequestEmail({
          to: provider.email!.trim(),
          businessName: provider.business_name,
          name: input.name,
          email: input.email,
          phone: input.phone,
          postcode: input.postcode,
          serviceType: input.serviceType,
          message: input.message,
          imageUrl: imageKey ? `${config.publicUrl}/enquiries/photo/quote/${id}` : null,
          dashboardUrl: `${config.publicUrl}/company`,
        }),
      );
    }
  });
  if (!notify) log.info({ quoteId: id, provider: reg }, "provider has e-mail notifications off; quote stored without e-mail");
  return { status: "created", id, emailed: notify, imageStored: imageKey !== null };
}
