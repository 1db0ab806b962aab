/** The account security forms' schemas, shared by the page (browser) and its action (server). */
import { z } from "zod";
import { MESSAGES } from "~/components/auth/messages";

export type SecurityIntent = "start" | "cancel" | "confirm" | "disable" | "regenerate" | "password";

const codeField = z.string({ error: "Please enter the code from your authenticator app" }).trim().max(20);
export const codeSchema = z.object({ code: codeField });
export const passwordSchema = z
  .object({
    currentPassword: z.string({ error: "Please enter your current password" }).max(256),
    password: z.string({ error: MESSAGES.passwordTooShort }).min(6, MESSAGES.passwordTooShort).max(256),
    confirmPassword: z.string({ error: "Please confirm your password" }).max(256),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });
