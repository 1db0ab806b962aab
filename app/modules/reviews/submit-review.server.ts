/**
 * A visitor's review of a claimed premium provider. It counts only once its writer has confirmed
 * the e-mail address (decision 0250): it is stored in `unconfirmed_reviews` and the address gets a
 * link; confirming (confirm-review.server.ts) makes it a review, pending moderation.
 *
 * One live review per mailbox per provider (a pending or published one; the unique index):
 * 'ann+1@', 'a.n.n@gmail.com' and 'ann@' are one mailbox (decision 0257). An address whose mailbox
 * has one gets, instead of a link, "you have already reviewed" by e-mail. The visitor is told
 * 'Already reviewed' only if they already know the mailbox has reviewed (its signed-in owner, or a
 * browser that confirmed that review); anyone else gets the same answer as for a new review
 * (decision 0410). Unconfirmed reviews never hold the place, so an address cannot be blocked by
 * someone who typed it first.
 *
 * A business does not review itself (decision 0261): its signed-in owner, and the listing's own
 * public address, are refused before anything is stored or sent; the owner's account address typed
 * by anyone else goes on as any review (refusing it would reveal the account) and the moderation
 * queue marks it.
 */
import type { Database } from "~/platform/db/database.server";
import { queueEmail } from "~/platform/email/outbox.server";
import { reviewAlreadySubmittedEmail, reviewConfirmationEmail } from "~/platform/email/templates.server";
import type { Config } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";
import { hashToken, newToken } from "~/platform/session.server";
import { formAllowed, ignoredAsBot } from "../leads/visitor-form.server";
import { getQuoteProvider } from "../quotes/create-quote.server";
import { REVIEW_CONFIRM_DAYS, REVIEW_CONFIRM_PATH } from "./review-confirmation";
import { allowReviewMail } from "./review-mail-limit.server";
import type { ReviewInput } from "./review-schema";
import { hasLiveReview } from "./has-reviewed.server";
import { businessAddresses } from "./business-addresses.server";
import { ownReviewRefusal, type OwnReviewRefusal } from "./own-business";
import { mayKnow, type Reviewer } from "./reviewer.server";

export type SubmitReviewResult =
  /** Stored unconfirmed; the address was sent the confirmation link. */
  | { status: "created" }
  /** Not stored (the address has a live review) and the address e-mailed: answer as for "created". */
  | { status: "accepted" }
  | { status: "ignored" }
  | { status: "not-found" }
  | { status: "already" }
  | { status: "rate-limited" }
  /** The business reviewing itself (decision 0261): nothing stored or sent. */
  | { status: "own-business"; reason: OwnReviewRefusal }
  /** This mailbox has been sent its share of review e-mails: nothing stored or sent. */
  | { status: "mailbox-limited" };

const DAY = 24 * 60 * 60 * 1000;

export async function submitReview(
  { db, log, config }: { db: Database; log: Logger; config: Pick<Config, "publicUrl" | "sessionSecret"> },
  args: {
    registrationNumber: string;
    input: ReviewInput;
    honeypot: FormDataEntryValue | null;
    ip: string;
    reviewer: Reviewer;
    now?: Date;
  },
): Promise<SubmitReviewResult> {
  if (ignoredAsBot(log, "review", args.honeypot)) return { status: "ignored" };
  const provider = await getQuoteProvider(db, args.registrationNumber);
  if (!provider) return { status: "not-found" };
  const reg = provider.registration_number;
  const { email } = args.input;
  const now = args.now ?? new Date();
  // Counted whether or not the address has reviewed, so the limit cannot tell either.
  if (!(await formAllowed(db, "review", args.ip))) return { status: "rate-limited" };
  // Only what the visitor knows already: who they are signed in as, and the profile's own address.
  const own = ownReviewRefusal({
    signedInEmail: args.reviewer.signedInEmail,
    email,
    business: await businessAddresses(db, reg),
  });
  if (own) return { status: "own-business", reason: own };
  const live = await hasLiveReview(db, reg, email);
  if (live && mayKnow(config.sessionSecret, args.reviewer, reg, email)) return { status: "already" };
  // Both answers below e-mail the address, so both count against its mailbox: the limit tells nothing.
  if (!(await allowReviewMail(db, email, now))) return { status: "mailbox-limited" };
  if (live) {
    const profileUrl = `${config.publicUrl}/provider/${encodeURIComponent(reg)}`;
    await queueEmail(db, reviewAlreadySubmittedEmail(email, provider.business_name, profileUrl));
    return { status: "accepted" };
  }
  const token = newToken();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("unconfirmed_reviews")
      .values({
        provider_id: reg,
        reviewer_name: args.input.name,
        reviewer_email: email,
        rating: args.input.rating,
        review_text: args.input.text,
        token_hash: hashToken(token),
        expires_at: new Date(now.getTime() + REVIEW_CONFIRM_DAYS * DAY),
        created_at: now,
      })
      .execute();
    const url = `${config.publicUrl}${REVIEW_CONFIRM_PATH}?token=${token}`;
    await queueEmail(
      trx,
      reviewConfirmationEmail(email, {
        businessName: provider.business_name,
        url,
        days: REVIEW_CONFIRM_DAYS,
      }),
    );
  });
  return { status: "created" };
}
