/** The account security forms' schemas, shared by the page (browser) and its action (server). */
import * as z from "zod/mini";
import { MESSAGES } from "~/components/auth/messages";

export type SecurityIntent = "start" | "cancel" | "confirm" | "disable" | "regenerate" | "password";

const codeField = z
  .string({ error: "Please enter the code from your authenticator app" })
  .check(z.trim(), z.maxLength(20));
export const codeSchema = z.object({ code: codeField });
const currentPasswordField = z
  .string({ error: "Please enter your current password" })
  .check(z.maxLength(256));
/**
 * Turning two-factor on: the current password, a code from the app, and the key the set-up showed
 * (sent back, so the answer can show that set-up again after a mistake; decision 0262).
 */
export const confirmSchema = z.object({
  currentPassword: currentPasswordField,
  code: codeField,
  key: z.string().check(z.maxLength(64)),
});
export const passwordSchema = z
  .object({
    currentPassword: currentPasswordField,
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
