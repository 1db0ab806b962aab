/**
 * A business does not ask itself for a quote (decision 0276). Plain texts, shared by the server's
 * refusal, the profile and the no-JavaScript quote page. Who is the business is the reviews' one
 * rule (`isBusinessOwner` in ../reviews/own-business.ts, decision 0267): a signed-in account of the
 * mailbox of the account that manages the listing.
 */

/** Where the owner sees their listing's quote requests. */
export const OWN_QUOTES_PATH = "/company/quotes";

/**
 * What the business's signed-in owner reads on its profile (and the no-JavaScript quote page)
 * where visitors have the quote request form. `text` takes the business's name.
 */
export const OWN_QUOTE_NOTICE = {
  title: "Your customers ask you for quotes here",
  text: (businessName: string) =>
    `You're signed in as the owner of ${businessName}, so the quote request form is not shown to you. Your customers still see it here, and their requests are listed on your dashboard.`,
  link: "See your quote requests",
} as const;

/** The server's answer to a quote request the business's signed-in owner sends to it. */
export const OWN_QUOTE_REFUSAL = {
  title: "Quote request not sent",
  description: "You can't request a quote from your own business.",
} as const;
