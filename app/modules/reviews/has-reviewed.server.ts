/**
 * Whether this e-mail has a live review of the provider (pending or published: a rejected one no
 * longer counts, and an unconfirmed one never did; decision 0250), for the review form's live
 * 'Review already submitted'. Answered truthfully only to a visitor who already knows (see
 * reviewer.server.ts); for anyone else it is false, so the check cannot tell a stranger who has
 * reviewed whom (decision 0410).
 */
import type { Database } from "~/platform/db/database.server";
import { normaliseEmail } from "~/platform/email-address";
import { mayKnow, type Reviewer } from "./reviewer.server";

/** Whether the (normalised) address has a live review of the provider: the place one address has. */
export async function hasLiveReview(
  db: Database,
  registrationNumber: string,
  email: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("reviews")
    .select("id")
    .where("provider_id", "=", registrationNumber)
    .where("reviewer_email", "=", email)
    .where("rejected_at", "is", null)
    .executeTakeFirst();
  return !!row;
}

export async function hasReviewed(
  db: Database,
  secret: string,
  args: { registrationNumber: string; email: string; reviewer: Reviewer },
): Promise<boolean> {
  const normalised = normaliseEmail(args.email);
  if (!normalised.includes("@") || normalised.length > 254) return false;
  if (!mayKnow(secret, args.reviewer, args.registrationNumber, normalised)) return false;
  return hasLiveReview(db, args.registrationNumber, normalised);
}
