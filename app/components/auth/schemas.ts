/** Form schemas shared by the auth screens (browser and server). */
import { z } from "zod";
import { MESSAGES } from "./messages";

export const setPasswordSchema = z
  .object({
    password: z
      .string({ error: MESSAGES.passwordTooShort })
      .min(6, MESSAGES.passwordTooShort)
      .max(256, "Password is too long"),
    confirmPassword: z.string({ error: "Please confirm your password" }).max(256),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

/** The e-mail address of the sign-in and reset forms. */
export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .email("Please enter a valid email address")
  .max(254);
