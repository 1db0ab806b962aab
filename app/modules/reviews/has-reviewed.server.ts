/**
 * Whether this e-mail's mailbox has a live review of the provider (pending or published: a
 * rejected one no longer counts, and an unconfirmed one never did; decisions 0250 and 0257), for
 * the review form's live 'Review already submitted'. Answered truthfully only to a visitor who
 * already knows (see reviewer.server.ts); for anyone else it is false, so the check cannot tell a
 * stranger who has reviewed whom (decision 0410).
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { normaliseEmail } from "~/platform/email-address";
import { mailboxIdentity } from "../leads/rate-limits";
import { mayKnow, type Reviewer } from "./reviewer.server";

/**
 * Whether the address's mailbox has a live review of the provider: the place one mailbox has
 * ('ann+1@', 'a.n.n@gmail.com' and 'ann@' are one). A live review from before migration 1067
 * whose mailbox had an earlier one keeps no mailbox of its own; it is found by its address's.
 */
export async function hasLiveReview(
  db: Database,
  registrationNumber: string,
  email: string,
): Promise<boolean> {
  const box = mailboxIdentity(email);
  const row = await db
    .selectFrom("reviews")
    .select("id")
    .where("provider_id", "=", registrationNumber)
    .where("rejected_at", "is", null)
    .where((eb) =>
      eb.or([
        eb("reviewer_mailbox", "=", box),
        eb.and([
          eb("reviewer_mailbox", "is", null),
          eb(sql<string>`mailbox_identity(reviewer_email)`, "=", box),
        ]),
      ]),
    )
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
