/** The contact page form: fields, messages and limits. */
import { z } from "zod";
import { EMAIL_PATTERN, LIMITS } from "../leads/constants";

export const CONTACT_MESSAGES = {
  sent: "Message sent",
  /**
   * Under 'Message sent': the message is stored for the team (/admin/messages) and e-mailed to the
   * contact address; a reply is a person's work, so it is an aim, in support hours (decision 0602).
   * Without an address (a filled honeypot) only thanks.
   */
  sentDetail: (replyTo?: string | null) =>
    replyTo
      ? `Thank you for getting in touch. Our support team has your message and aims to reply to ${replyTo} within 24 hours, Monday to Friday.`
      : "Thank you for getting in touch.",
  failed: "Your message could not be sent. Please try again.",
  rateLimited: "Too many messages from your connection. Please wait an hour and try again.",
} as const;

export const contactSchema = z.object({
  name: z
    .string({ error: "Please enter your name" })
    .trim()
    .min(1, "Please enter your name")
    .max(LIMITS.name, `Please keep your name under ${LIMITS.name} characters`),
  email: z
    .string({ error: "Please enter your email address" })
    .trim()
    .max(LIMITS.email, "Please enter a valid email address")
    .regex(EMAIL_PATTERN, "Please enter a valid email address"),
  subject: z
    .string({ error: "Please enter a subject" })
    .trim()
    .min(1, "Please enter a subject")
    .max(LIMITS.subject, `Please keep the subject under ${LIMITS.subject} characters`),
  message: z
    .string({ error: "Please enter your message" })
    .trim()
    .min(1, "Please enter your message")
    .max(LIMITS.message, `Please keep your message under ${LIMITS.message} characters`),
});

export type ContactInput = z.infer<typeof contactSchema>;
