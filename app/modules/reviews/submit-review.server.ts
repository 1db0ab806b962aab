/**
 * A visitor's review of a claimed premium provider, stored unverified (shown after moderation).
 * One review per e-mail per provider: checked first for a clear answer, and enforced by the
 * unique index (a race between two submissions ends as 'already' too).
 */
import type { Database } from "~/platform/db/database.server";
import type { Logger } from "~/platform/logger.server";
import { hit } from "~/platform/rate-limit.server";
import { FORM_LIMITS, formLimitKey } from "../leads/rate-limits";
import { getQuoteProvider } from "../quotes/create-quote.server";
import { hasReviewed } from "./has-reviewed.server";
import type { ReviewInput } from "./review-schema";

export type SubmitReviewResult =
  | { status: "created"; id: string }
  | { status: "ignored" }
  | { status: "not-found" }
  | { status: "already" }
  | { status: "rate-limited" };

export async function submitReview(
  { db, log }: { db: Database; log: Logger },
  args: { registrationNumber: string; input: ReviewInput; honeypot: FormDataEntryValue | null; ip: string },
): Promise<SubmitReviewResult> {
  if (typeof args.honeypot === "string" && args.honeypot.trim() !== "") {
    log.info({ form: "review" }, "honeypot filled; submission ignored");
    return { status: "ignored" };
  }
  const provider = await getQuoteProvider(db, args.registrationNumber);
  if (!provider) return { status: "not-found" };
  const reg = provider.registration_number;
  if (await hasReviewed(db, reg, args.input.email)) return { status: "already" };
  if (!(await hit(db, formLimitKey("review", args.ip), FORM_LIMITS.review)).allowed) return { status: "rate-limited" };
  const row = await db
    .insertInto("reviews")
    .values({
      provider_id: reg,
      reviewer_name: args.input.name,
      reviewer_email: args.input.email,
      rating: args.input.rating,
      review_text: args.input.text,
    })
    .onConflict((oc) => oc.columns(["provider_id", "reviewer_email"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row ? { status: "created", id: row.id } : { status: "already" };
}
