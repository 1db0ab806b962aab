import type { SubmissionResult } from "@conform-to/react";
import type { ToastMessage } from "~/components/ui/toast";
import type { SentDetails } from "~/modules/leads/sent-details";

/** What every visitor-form action answers: Conform's result plus the outcome the form shows. */
export interface EnquiryReply {
  status: "sent" | "error";
  result?: SubmissionResult<string[]>;
  toast?: ToastMessage | null;
  /** A message shown under the photo input. */
  photoError?: string | null;
  /** A message shown above the form. */
  formError?: string | null;
  /** What the server did with a request it took (lead and quote forms); absent for a filled honeypot. */
  sent?: SentDetails | null;
  /** Contact form: the address the team will reply to. */
  replyTo?: string | null;
}
