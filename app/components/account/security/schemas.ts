/** The account security forms' schemas, shared by the page (browser) and its action (server). */
import * as z from "zod/mini";
import { MESSAGES } from "~/components/auth/messages";

export type SecurityIntent = "start" | "cancel" | "confirm" | "disable" | "regenerate" | "password";

const codeField = z
  .string({ error: "Please enter the code from your authenticator app" })
  .check(z.trim(), z.maxLength(20));
export const codeSchema = z.object({ code: codeField });
export const passwordSchema = z
  .object({
    currentPassword: z.string({ error: "Please enter your current password" }).check(z.maxLength(256)),
    password: z
      .string({ error: MESSAGES.passwordTooShort })
      .check(z.minLength(6, MESSAGES.passwordTooShort), z.maxLength(256)),
    confirmPassword: z.string({ error: "Please confirm your password" }).check(z.maxLength(256)),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: MESSAGES.passwordsDoNotMatch,
      path: ["confirmPassword"],
    }),
  );
