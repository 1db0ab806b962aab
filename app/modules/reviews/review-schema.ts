/** The review form (premium profiles): fields, messages and limits. */
import { normaliseEmail } from "~/platform/email-address";
import { z } from "zod";
import { EMAIL_PATTERN, LIMITS, nameField, requiredText } from "../leads/constants";

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
  loadFailed: "Could not load reviews",
  rateLimited: {
    title: "Error",
    description: "Too many reviews from your connection. Please wait an hour and try again.",
  },
} as const;

export const DEFAULT_RATING = 5;
const missing = REVIEW_MESSAGES.missing.description;

/** E-mails are compared (and stored) trimmed and lower-case: one review per address per provider. */

export const reviewSchema = z.object({
  name: nameField(missing),
  email: z
    .string({ error: missing })
    .trim()
    .max(LIMITS.email, REVIEW_MESSAGES.invalidEmail.description)
    .refine((v) => v.includes("@") && EMAIL_PATTERN.test(v), REVIEW_MESSAGES.invalidEmail.description)
    .transform(normaliseEmail),
  rating: z.coerce
    .number({ error: "Please choose a rating from 1 to 5" })
    .int("Please choose a rating from 1 to 5")
    .min(1, "Please choose a rating from 1 to 5")
    .max(5, "Please choose a rating from 1 to 5")
    .default(DEFAULT_RATING),
  text: requiredText(
    LIMITS.reviewText,
    missing,
    `Please keep your review under ${LIMITS.reviewText} characters`,
  ),
});

export type ReviewInput = z.infer<typeof reviewSchema>;
