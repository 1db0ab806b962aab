/** The review form (premium profiles): fields, messages and limits. */
import { EMAIL_ADDRESS, normaliseEmail } from "~/platform/email-address";
import * as z from "zod/mini";
import { LIMITS, nameField, requiredText } from "../leads/constants";

export const REVIEW_MESSAGES = {
  missing: { title: "Missing information", description: "Please fill in all fields before submitting" },
  invalidEmail: { title: "Invalid email", description: "Please enter a valid email address" },
  already: {
    title: "Already reviewed",
    description: "You have already submitted a review for this provider.",
  },
  alreadyInline: "Review already submitted",
  failed: { title: "Error", description: "Failed to submit review. Please try again." },
  submitted: {
    title: "Review submitted",
    description: "Thank you for your feedback! We'll display your review after a quick verification.",
  },
  /**
   * Shown under the spec's thank-you (decision 0250). True whatever happened: every review sent
   * (not refused) e-mails the address, a confirmation link or, if it has a review, why not.
   */
  checkEmail:
    "Please check your email: we have sent a message about your review to the address you gave. We only check and show a review once its writer has confirmed it with the link in our email.",
  loadFailed: "Could not load reviews",
  rateLimited: {
    title: "Error",
    description: "Too many reviews from your connection. Please wait an hour and try again.",
  },
  mailboxLimited: {
    title: "Error",
    description:
      "We have sent too many emails about reviews to this address recently. Please try again later.",
  },
} as const;

export const DEFAULT_RATING = 5;
const missing = REVIEW_MESSAGES.missing.description;
const RATING_MESSAGE = "Please choose a rating from 1 to 5";

/**
 * E-mails are one address by the one rule (decision 0259), stored trimmed and lower-case, as typed;
 * one live review per mailbox per provider is counted by the address's mailbox (`mailboxIdentity`,
 * decision 0257).
 */

export const reviewSchema = z.object({
  name: nameField(missing),
  email: z.pipe(
    z
      .string({ error: missing })
      .check(
        z.trim(),
        z.maxLength(LIMITS.email, REVIEW_MESSAGES.invalidEmail.description),
        z.regex(EMAIL_ADDRESS, REVIEW_MESSAGES.invalidEmail.description),
      ),
    z.transform(normaliseEmail),
  ),
  rating: z._default(
    z.coerce
      .number({ error: RATING_MESSAGE })
      .check(z.int(RATING_MESSAGE), z.gte(1, RATING_MESSAGE), z.lte(5, RATING_MESSAGE)),
    DEFAULT_RATING,
  ),
  text: requiredText(
    LIMITS.reviewText,
    missing,
    `Please keep your review under ${LIMITS.reviewText} characters`,
  ),
});

export type ReviewInput = z.infer<typeof reviewSchema>;
