/**
 * What an owner change does to the listing's public e-mail, the address customers' quote requests
 * and forwarded leads go to (decision 0263). Approval sets it to the claimant's address; while it
 * is still the owner's account address it follows the listing to the new owner, otherwise (the
 * owner chose another address, an office mailbox say) it stays. One rule for the change itself and
 * for the sentence the admin reads before it. Pure: safe to import from components.
 */
import { normaliseEmail } from "~/platform/email-address";

/** Whether the listing's e-mail is the current owner's account address (and so follows the listing). */
export function contactEmailFollowsOwner(
  contactEmail: string | null | undefined,
  ownerEmail: string | null | undefined,
): boolean {
  const contact = contactEmail?.trim();
  return !!contact && !!ownerEmail && normaliseEmail(contact) === normaliseEmail(ownerEmail);
}

/** The owner-change screen's sentence about the listing's contact e-mail. */
export function ownerChangeContactText(
  contactEmail: string | null | undefined,
  ownerEmail: string | null | undefined,
): string {
  const contact = contactEmail?.trim();
  if (!contact)
    return "The listing has no contact email, and changing the owner gives it none: the new owner can add one.";
  return contactEmailFollowsOwner(contact, ownerEmail)
    ? `The listing's contact email (${contact}) is the current owner's address, so it changes to the new owner's: customers' enquiries go to them from now on.`
    : `The listing's contact email (${contact}) is not the owner's address and stays as it is: customers' enquiries still go there.`;
}
