/** The provider quote form (premium profiles): fields, messages and limits. */
import { z } from "zod";
import { EMAIL_PATTERN, LIMITS, normalisePostcode, optionalText, POSTCODE_MESSAGE } from "../leads/constants";

export const QUOTE_MESSAGES = {
  missing: { title: "Missing information", description: "Please fill in all required fields" },
  configuration: { title: "Configuration error", description: "Provider contact information is missing" },
  invalidFile: { title: "Invalid file", description: "Please upload an image file" },
  tooLarge: { title: "Invalid file", description: "The photo must be 10 MB or smaller" },
  failed: { title: "Error", description: "Failed to submit quote request. Please try again." },
  // The spec's 'The provider will contact you soon' promised what nobody can: what follows the title
  // is what the server did (quoteSentText in ../leads/sent-details; decision 0602).
  submitted: { title: "Quote request submitted" },
  rateLimited: {
    title: "Error",
    description: "Too many quote requests from your connection. Please wait an hour and try again.",
  },
} as const;

const required = QUOTE_MESSAGES.missing.description;

export const quoteSchema = z.object({
  name: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(LIMITS.name, `Please keep your name under ${LIMITS.name} characters`),
  email: z
    .string({ error: required })
    .trim()
    .max(LIMITS.email, "Please enter a valid email address")
    .regex(EMAIL_PATTERN, "Please enter a valid email address"),
  phone: optionalText(LIMITS.phone, `Please keep the phone number under ${LIMITS.phone} characters`),
  postcode: optionalText(LIMITS.postcode, `Postcode must be at most ${LIMITS.postcode} characters`).transform(
    (v, ctx) => {
      if (!v) return undefined;
      const p = normalisePostcode(v);
      if (!p) {
        ctx.addIssue({ code: "custom", message: POSTCODE_MESSAGE });
        return z.NEVER;
      }
      return p;
    },
  ),
  serviceType: optionalText(LIMITS.serviceType, "Please choose a service from the list"),
  message: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(LIMITS.message, `Please keep your message under ${LIMITS.message} characters`),
});

export type QuoteInput = z.infer<typeof quoteSchema>;
