/**
 * A business's public reply to a review (decision 0604): one per review, at most 2,000 characters,
 * pending until an administrator publishes it. It can be edited until it is published (an edit of
 * a rejected reply sends it back to the queue); a published reply is final. Plain rules, shared
 * by the server and the pages.
 */
import * as z from "zod/mini";

export const REPLY_MAX = 2000;

export type ReplyStatus = "pending" | "published" | "rejected";

export const REPLY_STATUS_LABELS: Record<ReplyStatus, string> = {
  pending: "Awaiting moderation",
  published: "Published",
  rejected: "Not published",
};

export function replyEditable(status: ReplyStatus | null | undefined): boolean {
  return status !== "published";
}

export const REPLY_MESSAGES = {
  missing: "Write your reply before sending it.",
  tooLong: `Your reply can be at most ${REPLY_MAX.toLocaleString("en-GB")} characters.`,
  notFound: "This review was not found.",
  final: "Your reply to this review has been published and can no longer be changed.",
  readOnly: "Your listing is suspended: reviews can be read but not replied to.",
  notApproved: "Reviews can be replied to once your listing is approved.",
  sent: "Reply sent for moderation",
  sentDescription: "It will show under the review on your profile once an administrator publishes it.",
  updated: "Reply updated",
} as const;

export const replySchema = z.object({
  reviewId: z.string().check(z.trim(), z.minLength(1)),
  text: z.pipe(
    z.pipe(
      z.string({ error: REPLY_MESSAGES.missing }),
      z.transform((v: string) => v.replace(/\r\n?/g, "\n").trim()),
    ),
    z.string().check(z.minLength(1, REPLY_MESSAGES.missing), z.maxLength(REPLY_MAX, REPLY_MESSAGES.tooLong)),
  ),
});

/** "Reply from Acme Waste Ltd": the label of a published reply on the profile. */
export const replyLabel = (businessName: string) => `Reply from ${businessName}`;
