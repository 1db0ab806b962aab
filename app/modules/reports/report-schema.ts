/** The 'Report this carrier' form's rules (shared by the page and the server). */
import * as z from "zod/mini";
import { EMAIL_ADDRESS } from "~/platform/email-address";

export const REPORT_REASONS = [
  "Not a licensed waste carrier",
  "Registration details are wrong",
  "Fly-tipping or illegal dumping",
  "Poor service or dishonest trading",
  "Other",
] as const;

export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { message: "Choose a reason" }),
  details: z
    .string({ message: "Tell us what happened" })
    .check(
      z.trim(),
      z.minLength(10, "Tell us what happened (at least 10 characters)"),
      z.maxLength(2000, "Keep the details under 2,000 characters"),
    ),
  email: z.optional(
    z.string().check(z.trim(), z.maxLength(254), z.regex(EMAIL_ADDRESS, "Enter a valid e-mail address")),
  ),
});

export type ReportInput = z.infer<typeof reportSchema>;
