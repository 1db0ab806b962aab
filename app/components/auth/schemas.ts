/** Form schemas shared by the auth screens (browser and server). */
import * as z from "zod/mini";
import { EMAIL_ADDRESS } from "~/platform/email-address";
import { MESSAGES } from "./messages";

export const setPasswordSchema = z
  .object({
    password: z
      .string({ error: MESSAGES.passwordTooShort })
      .check(z.minLength(6, MESSAGES.passwordTooShort), z.maxLength(256, "Password is too long")),
    confirmPassword: z.string({ error: "Please confirm your password" }).check(z.maxLength(256)),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      message: MESSAGES.passwordsDoNotMatch,
      path: ["confirmPassword"],
    }),
  );

/** The e-mail address of the sign-in and reset forms. */
export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .check(z.trim(), z.regex(EMAIL_ADDRESS, "Please enter a valid email address"), z.maxLength(254));
