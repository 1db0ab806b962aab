/**
 * A visitor's quote request to a claimed premium provider (status 'pending'). The row, the
 * provider's e-mail ('New Quote Request from {name}') and the visitor's copy are written in one
 * transaction through the outbox: sending happens in the job runner with retries, so a mail
 * failure is logged and retried and never fails the visitor's request. The provider's 'Email
 * Notifications' setting is honoured. The one address a request can go to is the e-mail on the
 * verified claimed listing (the register has none): a listing without a usable one takes no
 * requests at all, and nothing is stored (decision 0602). Nor does a carrier whose registration
 * is not in force today (expired; decision 0260): it may not legally carry the waste. Nor from the
 * business's own signed-in owner (decision 0276): a business does not ask itself for a quote. The
 * result says what was queued, so the form tells the visitor only that.
 */
import crypto from "node:crypto";
import { getProvider } from "~/modules/directory/get-provider.server";
import type { Database } from "~/platform/db/database.server";
import { isEmailAddress } from "~/platform/email-address";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Logger } from "~/platform/logger.server";
import type { Storage } from "~/platform/storage/storage.server";
import { checkPhoto, storePhoto } from "../leads/photo.server";
import { isOwnBusiness } from "../reviews/is-own-business.server";
import { mailboxIdentity } from "../leads/rate-limits";
import { formAllowed, formNotCounted, ignoredAsBot } from "../leads/visitor-form.server";
import { allowCopy } from "../leads/visitor-copy.server";
import { quoteCopyEmail } from "./quote-copy-email.server";
import { quoteRequestEmail } from "./quote-email.server";
import { quotesClosedBy, type QuotesClosed } from "./quote-registration";
import type { QuoteInput } from "./quote-schema";

export type CreateQuoteResult =
  | {
      status: "created";
      id: string;
      businessName: string;
      /** The business's e-mail was queued (off when its owner turned notifications off). */
      emailed: boolean;
      /** The visitor's copy: queued, held back by the per-mailbox limit, or not needed (the visitor is the business's own address). */
      copy: "queued" | "limited" | "not-needed";
      imageStored: boolean;
    }
  | { status: "ignored" }
  | { status: "not-found" }
  /** Sent by the business's own signed-in owner: nothing stored or sent (decision 0276). */
  | { status: "own-business" }
  /** The registration is not in force today (expired): nothing stored or sent (decision 0260). */
  | { status: "not-in-force"; closed: QuotesClosed }
  | { status: "no-contact" }
  | { status: "invalid-service" }
  | { status: "rate-limited" }
  | { status: "invalid-photo"; reason: "not-image" | "too-large" }
  /** The image queue was full: nothing stored, the visitor asked to try again (decision 0255). */
  | { status: "busy" };

/**
 * Claimed and premium providers (spec section 4): the ones with a quote form and reviews. The
 * reviews use this too, and a lapsed carrier may still be reviewed; whether a carrier takes quote
 * requests also needs its registration in force (`quotesClosedBy`, decision 0260).
 */
export async function getQuoteProvider(db: Database, registrationNumber: string) {
  const provider = await getProvider(db, registrationNumber);
  return provider && provider.is_claimed && provider.is_premium ? provider : null;
}

/** Where a provider's quote requests go: the claimed listing's e-mail, when it is a usable address. */
export function quoteRecipient(provider: { email: string | null }): string | null {
  const email = provider.email?.trim();
  return email && isEmailAddress(email) ? email : null;
}

/**
 * In the request's transaction: the row, the business's e-mail (unless its owner turned
 * notifications off) and the visitor's copy; what became of the copy.
 */
async function writeQuote(
  trx: Database,
  config: { publicUrl: string },
  quote: {
    id: string;
    reg: string;
    input: QuoteInput;
    recipient: string;
    businessName: string;
    imageKey: string | null;
    photoOutcome: "stored" | "failed" | "none";
    notify: boolean;
  },
): Promise<"queued" | "limited" | "not-needed"> {
  const { id, reg, input, recipient, businessName, imageKey, photoOutcome, notify } = quote;
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
        to: recipient,
        businessName,
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
  // The business's own address: the request itself went there, a second copy would not help.
  if (notify && mailboxIdentity(input.email) === mailboxIdentity(recipient)) return "not-needed" as const;
  if (!(await allowCopy(trx, input.email))) return "limited" as const;
  await queueEmail(
    trx,
    quoteCopyEmail({
      input,
      businessName,
      providerEmailed: notify,
      photo: photoOutcome,
      profileUrl: `${config.publicUrl}/provider/${encodeURIComponent(reg)}`,
      publicUrl: config.publicUrl,
    }),
  );
  return "queued" as const;
}

export async function createQuoteRequest(
  { db, storage, log }: { db: Database; storage: Storage; log: Logger },
  config: { publicUrl: string },
  args: {
    registrationNumber: string;
    input: QuoteInput;
    photo: FormDataEntryValue | null;
    honeypot: FormDataEntryValue | null;
    ip: string;
    /** The signed-in person's e-mail, if any: the business's own owner is refused (decision 0276). */
    signedInEmail?: string | null;
    /** The request's: a photo still waiting for its turn when the visitor goes is not worked on. */
    signal?: AbortSignal;
    /** Today, for the registration's state (tests). */
    now?: Date;
  },
): Promise<CreateQuoteResult> {
  // The honeypot first: a bot is told it worked, and nothing is stored or sent.
  if (ignoredAsBot(log, "quote", args.honeypot)) return { status: "ignored" };
  const provider = await getQuoteProvider(db, args.registrationNumber);
  if (!provider) return { status: "not-found" };
  // Before the limit and the photo: the owner knows who they are, and nothing is counted or decoded.
  if (await isOwnBusiness(db, provider.registration_number, args.signedInEmail ?? null))
    return { status: "own-business" };
  const closed = quotesClosedBy(provider, args.now);
  if (closed) return { status: "not-in-force", closed };
  const recipient = quoteRecipient(provider);
  if (!recipient) return { status: "no-contact" };
  const { input } = args;
  if (input.serviceType && !provider.services.includes(input.serviceType))
    return { status: "invalid-service" };
  // The limit before the photo: decoding and re-encoding an image is the costly part, and a
  // client over its limit must not get it done for nothing.
  if (!(await formAllowed(db, "quote", args.ip))) return { status: "rate-limited" };
  const photo = await checkPhoto(args.photo, args.signal);
  if (photo.kind === "busy") {
    await formNotCounted(db, "quote", args.ip);
    return { status: "busy" };
  }
  if (photo.kind === "not-image" || photo.kind === "too-large")
    return { status: "invalid-photo", reason: photo.kind };

  const reg = provider.registration_number;
  const prefix = `provider-requests/${reg.toLowerCase().replace(/[^a-z0-9._-]/g, "-")}`;
  const imageKey = photo.kind === "ok" ? await storePhoto(storage, log, prefix, photo.photo) : null;
  const id = crypto.randomUUID();
  const settings = await db
    .selectFrom("claimed_listings")
    .select("email_notifications")
    .where("registration_number", "=", reg)
    .executeTakeFirst();
  const notify = settings?.email_notifications ?? true;

  const photoOutcome = imageKey ? "stored" : photo.kind === "ok" ? "failed" : "none";
  const copy = await db.transaction().execute((trx) =>
    writeQuote(trx, config, {
      id,
      reg,
      input,
      recipient,
      businessName: provider.business_name,
      imageKey,
      photoOutcome,
      notify,
    }),
  );
  if (!notify)
    log.info(
      { quoteId: id, provider: reg },
      "provider has e-mail notifications off; quote stored without e-mail",
    );
  if (copy === "limited")
    log.info({ quoteId: id }, "copy to the visitor held back: this mailbox has had its share of copies");
  return {
    status: "created",
    id,
    businessName: provider.business_name,
    emailed: notify,
    copy,
    imageStored: imageKey !== null,
  };
}
