/**
 * A note's customer is not the carrier (decision 0274): the e-mail a note is sent to, and whose
 * link signs it as the transferor, may not be the business's own, that is its owner account's
 * address or its listing's public e-mail, compared by mailbox (`+tags` and Gmail dots are one
 * inbox), the addresses decision 0261 keeps a business from reviewing itself with.
 */
import { businessAddresses } from "~/modules/reviews/business-addresses.server";
import { sameMailbox } from "~/modules/reviews/own-business";
import type { Database } from "~/platform/db/database.server";

export const OWN_ADDRESS_MESSAGE =
  "That is your business's own e-mail address (your account's or your listing's). Enter the customer's address: the customer signs the note and keeps it.";

/** Whether `email` reaches the business that holds `registrationNumber` (its owner or its listing). */
export async function isBusinessOwnAddress(
  db: Database,
  registrationNumber: string,
  email: string,
): Promise<boolean> {
  const own = await businessAddresses(db, registrationNumber);
  return sameMailbox(email, own.ownerEmail) || sameMailbox(email, own.listingEmail);
}
