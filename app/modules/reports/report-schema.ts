/** The 'Report this carrier' form's rules (shared by the page and the server). */
import { z } from "zod";

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
    .trim()
    .min(10, "Tell us what happened (at least 10 characters)")
    .max(2000, "Keep the details under 2,000 characters"),
  email: z.string().trim().max(254).email("Enter a valid e-mail address").optional(),
});

export type ReportInput = z.infer<typeof reportSchema>;
