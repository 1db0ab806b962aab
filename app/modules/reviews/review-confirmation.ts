/**
 * The review confirmation link (decision 0250): how long it works, and what its page says. Plain
 * constants, shared by the server and the page.
 */

/** A confirmation link works for 7 days; an unconfirmed review is then never shown. */
export const REVIEW_CONFIRM_DAYS = 7;

/** The page the e-mailed link opens; the token travels in `?token=`. */
export const REVIEW_CONFIRM_PATH = "/enquiries/reviews/confirm";

/**
 * Why a link cannot confirm a review. A used link says what became of its review (decision 0261):
 * "confirmed" (waiting for moderation), "published", or "used" (rejected or deleted).
 */
export type ConfirmProblem =
  "invalid" | "expired" | "confirmed" | "published" | "used" | "already" | "closed" | "business-email";

/** What the page says for each problem (UK English, for the writer of the review). */
export const CONFIRM_PROBLEMS: Record<ConfirmProblem, { title: string; text: string }> = {
  invalid: {
    title: "This confirmation link is not valid",
    text: "The link is incomplete, or its review has been deleted. Open the link in the latest email about your review, or write your review again.",
  },
  expired: {
    title: "This confirmation link has expired",
    text: `Confirmation links work for ${REVIEW_CONFIRM_DAYS} days, and this review was not confirmed in time, so it will not be shown. Please write your review again.`,
  },
  confirmed: {
    title: "This review is already confirmed",
    text: "This link has been used to confirm the review already. There is nothing more to do: we'll display your review after a quick verification.",
  },
  published: {
    title: "Your review is published",
    text: "This link has been used to confirm the review already, and the review has since been checked and published on the business's profile. There is nothing more to do.",
  },
  used: {
    title: "This link has already been used",
    text: "This confirmation link has already been used, and it cannot be used again.",
  },
  already: {
    title: "You have already reviewed this business",
    text: "Each inbox can review a business once, and this one already has a review of this business waiting for verification or published, perhaps sent with another form of the address (with a +tag, or for Gmail with dots). This review was not added.",
  },
  closed: {
    title: "This business does not take reviews at the moment",
    text: "Its profile no longer takes reviews, so this review could not be added.",
  },
  "business-email": {
    title: "A business can't review itself",
    text: "This review was written with the business's own email address, so it was not added. Reviews are written by a business's customers, with their own email address.",
  },
};

/** What the page says once the review is confirmed. */
export const CONFIRMED_MESSAGE = {
  title: "Review confirmed",
  description: "Thank you for your feedback! We'll display your review after a quick verification.",
} as const;
