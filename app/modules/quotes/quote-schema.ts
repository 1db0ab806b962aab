/** The provider quote form (premium profiles): fields, messages and limits. */
import * as z from "zod/mini";
import {
  emailField,
  LIMITS,
  messageField,
  nameField,
  optionalLine,
  optionalText,
  toPostcode,
} from "../leads/constants";

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
  name: nameField(required),
  email: emailField(required),
  phone: optionalLine(LIMITS.phone, `Please keep the phone number under ${LIMITS.phone} characters`),
  postcode: z.pipe(
    optionalText(LIMITS.postcode, `Postcode must be at most ${LIMITS.postcode} characters`),
    z.transform((v: string | undefined, ctx) => (v ? toPostcode(v, ctx) : undefined)),
  ),
  serviceType: optionalLine(LIMITS.serviceType, "Please choose a service from the list"),
  message: messageField(required),
});

export type QuoteInput = z.infer<typeof quoteSchema>;
