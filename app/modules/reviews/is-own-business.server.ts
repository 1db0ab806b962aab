/**
 * Whether the signed-in person is the business itself, for the pages that hold its review form
 * (decision 0267): the account that manages the listing, or any account of that account's mailbox
 * (decision 0261). The server refuses their review whatever address they type, so those pages show
 * them a notice in place of the form. The same rule keeps the business from asking itself for a
 * quote, and its own views and phone clicks out of its statistics (decision 0276). Anyone not
 * signed in is asked nothing (no statement).
 */
import type { Database } from "~/platform/db/database.server";
import { businessAddresses } from "./business-addresses.server";
import { isBusinessOwner } from "./own-business";

export async function isOwnBusiness(
  db: Database,
  registrationNumber: string,
  signedInEmail: string | null,
): Promise<boolean> {
  if (!signedInEmail) return false;
  return isBusinessOwner(signedInEmail, await businessAddresses(db, registrationNumber));
}
