/**
 * A business does not review itself (decision 0261). Plain rules and texts, shared by the server,
 * the review form's answer and the admin's moderation queue.
 *
 * - The signed-in owner (the account that manages the listing, or any account of that account's
 *   mailbox) is refused, whatever address they type: they know who they are, so saying so tells
 *   them nothing.
 * - The listing's own public e-mail address is refused to anyone: it is on the profile.
 * - The owner's account address typed by a visitor who is not signed in as it is NOT refused:
 *   refusing it would tell a stranger that the address has an account (decision 0410). The review
 *   goes on as any other (its link goes to that inbox), and the moderation queue marks it.
 *
 * Addresses are compared by mailbox (`mailboxIdentity`, decision 0257): `+tags` and Gmail dots are
 * one inbox.
 */
import { mailboxIdentity } from "../leads/rate-limits";

/** The business's two addresses: its listing's public e-mail and its owner account's e-mail. */
export interface BusinessAddresses {
  listingEmail: string | null;
  ownerEmail: string | null;
}

/** Why a review comes from the business itself: its owner account's mailbox, or its listing's. */
export type FromOwner = "owner-account" | "business-email";

/** Whether two addresses (either may be missing) deliver to one mailbox. */
export const sameMailbox = (a: string | null | undefined, b: string | null | undefined) =>
  !!a?.trim() && !!b?.trim() && mailboxIdentity(a) === mailboxIdentity(b);

/** Whether a review written with `email` comes from the business's own mailbox, and which. */
export function fromOwner(email: string, business: BusinessAddresses): FromOwner | null {
  if (sameMailbox(email, business.ownerEmail)) return "owner-account";
  if (sameMailbox(email, business.listingEmail)) return "business-email";
  return null;
}

/**
 * Whether the signed-in person is the business: an account of its owner account's mailbox. The
 * server refuses their review whatever address they type (`ownReviewRefusal`: "owner"), so their
 * own profile shows them `OWN_BUSINESS_NOTICE` in place of the review form (decision 0267).
 */
export const isBusinessOwner = (signedInEmail: string | null | undefined, business: BusinessAddresses) =>
  sameMailbox(signedInEmail, business.ownerEmail);

/** Why the server refuses a review outright (only what the visitor already knows). */
export type OwnReviewRefusal = "owner" | "business-email";

export function ownReviewRefusal(args: {
  /** The signed-in user's e-mail, if any. */
  signedInEmail: string | null;
  /** The address the review was written with. */
  email: string;
  business: BusinessAddresses;
}): OwnReviewRefusal | null {
  if (isBusinessOwner(args.signedInEmail, args.business)) return "owner";
  if (sameMailbox(args.email, args.business.listingEmail)) return "business-email";
  return null;
}

/** What the review form says when it refuses (toast, and the line above the form or the field). */
export const OWN_REVIEW_MESSAGES: Record<
  OwnReviewRefusal,
  { title: string; description: string; field?: string }
> = {
  owner: {
    title: "Review not accepted",
    description: "You can't review your own business.",
  },
  "business-email": {
    title: "Review not accepted",
    description:
      "This is the business's own email address, and a business can't review itself. Please use your own email address.",
    field: "This is the business's own email address",
  },
};

/**
 * What the business's signed-in owner reads on its profile (and the no-JavaScript reviews page)
 * where visitors have the review form (decision 0267): the form is not offered where it would be
 * refused. `text` takes the business's name; the link goes to the owner's reviews and replies.
 */
export const OWN_BUSINESS_NOTICE = {
  title: "You can't review your own business",
  text: (businessName: string) =>
    `You're signed in as the owner of ${businessName}, so the review form is not shown to you. Your customers still see it here.`,
  noReviews: "No reviews yet.",
  link: "Reply to your reviews",
} as const;

/** How the moderation queue (and its CSV export) marks a review from the business's own mailbox. */
export const FROM_OWNER_LABEL = "From the business's owner";
export const FROM_OWNER_DETAIL: Record<FromOwner, string> = {
  "owner-account": "Written with the email address of the account that manages this listing.",
  "business-email": "Written with the business's own email address, shown on its listing.",
};
/** The CSV export's cell for each (empty when the review is not from the business). */
export const FROM_OWNER_CSV: Record<FromOwner, string> = {
  "owner-account": "Owner's account email",
  "business-email": "Business's own email",
};
