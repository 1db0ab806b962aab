/** The contact page form: fields, messages and limits. */
import * as z from "zod/mini";
import { emailField, LIMITS, messageField, nameField, requiredLine } from "../leads/constants";

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
  name: nameField("Please enter your name"),
  email: emailField("Please enter your email address"),
  subject: requiredLine(
    LIMITS.subject,
    "Please enter a subject",
    `Please keep the subject under ${LIMITS.subject} characters`,
  ),
  message: messageField("Please enter your message"),
});

export type ContactInput = z.infer<typeof contactSchema>;
