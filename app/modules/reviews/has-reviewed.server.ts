/**
 * Whether this e-mail has already reviewed the provider (pending, published or rejected), for the
 * review form's live 'Review already submitted'. Answered truthfully only to a visitor who already
 * knows (see reviewer.server.ts); for anyone else it is false, so the check cannot tell a stranger
 * who has reviewed whom (decision 0410).
 */
import type { Database } from "~/platform/db/database.server";
import { normaliseEmail } from "~/platform/email-address";
import { mayKnow, type Reviewer } from "./reviewer.server";

export async function hasReviewed(
  db: Database,
  secret: string,
  args: { registrationNumber: string; email: string; reviewer: Reviewer },
): Promise<boolean> {
  const normalised = normaliseEmail(args.email);
  if (!normalised.includes("@") || normalised.length > 254) return false;
  if (!mayKnow(secret, args.reviewer, args.registrationNumber, normalised)) return false;
  const row = await db
    .selectFrom("reviews")
    .select("id")
    .where("provider_id", "=", args.registrationNumber)
    .where("reviewer_email", "=", normalised)
    .executeTakeFirst();
  return !!row;
}
