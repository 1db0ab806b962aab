/**
 * A visitor's review of a claimed premium provider, stored unverified (shown after moderation).
 * One review per e-mail per provider, enforced by the unique index. A second review is refused
 * with 'Already reviewed' only to a visitor who already knows the address has reviewed (its
 * signed-in owner, or the browser that sent the first one); to anyone else the answer is the same
 * as for a new review, nothing is stored, and the address is told by e-mail (decision 0410).
 */
import type { Database } from "~/platform/db/database.server";
import { reviewAlreadySubmittedEmail } from "~/platform/email/templates.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import type { Logger } from "~/platform/logger.server";
import { hit } from "~/platform/rate-limit.server";
import { formAllowed, ignoredAsBot } from "../leads/visitor-form.server";
import { getQuoteProvider } from "../quotes/create-quote.server";
import type { ReviewInput } from "./review-schema";
import { mayKnow, reviewMark, type Reviewer } from "./reviewer.server";

export type SubmitReviewResult =
  /** Stored; `mark` is what the visitor's browser keeps (so it may be told later). */
  | { status: "created"; id: string; mark: string }
  /** Not stored (the e-mail has reviewed already) and the address e-mailed: answer as for "created". */
  | { status: "accepted"; mark: string }
  | { status: "ignored" }
  | { status: "not-found" }
  | { status: "already" }
  | { status: "rate-limited" };

/** The "you have already reviewed" e-mail: at most one per address and provider a day. */
const ALREADY_MAIL_LIMIT = { max: 1, windowMs: 24 * 60 * 60 * 1000 };

export async function submitReview(
  { db, log, config }: { db: Database; log: Logger; config: Pick<Config, "publicUrl" | "sessionSecret"> },
  args: {
    registrationNumber: string;
    input: ReviewInput;
    honeypot: FormDataEntryValue | null;
    ip: string;
    reviewer: Reviewer;
  },
): Promise<SubmitReviewResult> {
  if (ignoredAsBot(log, "review", args.honeypot)) return { status: "ignored" };
  const provider = await getQuoteProvider(db, args.registrationNumber);
  if (!provider) return { status: "not-found" };
  const reg = provider.registration_number;
  const { email } = args.input;
  const knows = mayKnow(config.sessionSecret, args.reviewer, reg, email);
  // Counted whether or not the address has reviewed, so the limit cannot tell either.
  if (!(await formAllowed(db, "review", args.ip))) return { status: "rate-limited" };
  const row = await db
    .insertInto("reviews")
    .values({
      provider_id: reg,
      reviewer_name: args.input.name,
      reviewer_email: email,
      rating: args.input.rating,
      review_text: args.input.text,
    })
    .onConflict((oc) => oc.columns(["provider_id", "reviewer_email"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  const mark = reviewMark(config.sessionSecret, reg, email);
  if (row) return { status: "created", id: row.id, mark };
  if (knows) return { status: "already" };
  if ((await hit(db, `review:already-mail:${reg}:${email}`, ALREADY_MAIL_LIMIT)).allowed) {
    const profileUrl = `${config.publicUrl}/provider/${encodeURIComponent(reg)}`;
    await queueEmail(db, reviewAlreadySubmittedEmail(email, provider.business_name, profileUrl));
  }
  return { status: "accepted", mark };
}
