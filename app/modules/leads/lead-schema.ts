/** The general quote lead form (search results page): fields, messages and limits. */
import * as z from "zod/mini";
import {
  dateChoices,
  emailField,
  LIMITS,
  LOAD_SIZES,
  nameField,
  optionalLine,
  requiredText,
  TIME_SLOTS,
  toPostcode,
} from "./constants";

export const LEAD_MESSAGES = {
  sent: "Request sent!",
  invalidImage: "Please upload a valid image file",
  imageTooLarge: "The photo must be 10 MB or smaller",
  database: "Error submitting to database",
  failed: "There was a problem submitting your request. Please try again.",
  rateLimited: "Too many requests from your connection. Please wait an hour and try again.",
} as const;

export function leadSchema(now: Date = new Date()) {
  const dates = dateChoices(now);
  return z.object({
    description: requiredText(
      LIMITS.description,
      "Please describe what you need collected",
      `Please keep the description under ${LIMITS.description} characters`,
    ),
    preferredDate: z
      .string({ error: "Please choose a preferred date" })
      .check(z.refine((v) => dates.includes(v), "Please choose a date within the next 10 days")),
    preferredTime: z.pipe(
      z
        .optional(z.string())
        .check(
          z.refine((v) => !v || TIME_SLOTS.some((s) => s.value === v), "Please choose a time from the list"),
        ),
      z.transform((v: string | undefined) => v || "asap"),
    ),
    loadSize: z.optional(
      z.enum(LOAD_SIZES.map((l) => l.value) as ["single", "small", "medium", "large"], {
        error: "Please choose a load size from the list",
      }),
    ),
    name: nameField("Please enter your name"),
    email: emailField("Please enter your email address"),
    phone: optionalLine(LIMITS.phone, `Please keep the phone number under ${LIMITS.phone} characters`),
    postcode: z.pipe(
      z
        .string({ error: "Please enter your postcode" })
        .check(
          z.trim(),
          z.maxLength(LIMITS.postcode, `Postcode must be at most ${LIMITS.postcode} characters`),
        ),
      z.transform(toPostcode),
    ),
  });
}

export type LeadInput = z.infer<ReturnType<typeof leadSchema>>;
