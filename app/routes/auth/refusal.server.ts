import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { retryAfterSeconds, retryIn } from "~/components/auth/messages";
import type { ToastMessage } from "~/components/ui/toast";

/** What a sign-in action answers when a submission fails its schema: the field errors, no toast, 400. */
export function invalidSubmission(
  submission: { reply: (options: { hideFields?: string[] }) => SubmissionResult<string[]> },
  hideFields: string[],
) {
  return data(
    { result: submission.reply({ hideFields }), toast: null as ToastMessage | null },
    { status: 400 },
  );
}

/**
 * What a sign-in or password action answers when it refuses a valid submission: the message as
 * the form's error and in a toast under `toastTitle`; `hideFields` are not sent back.
 */
export function refusal(
  submission: {
    reply: (options: { formErrors: string[]; hideFields?: string[] }) => SubmissionResult<string[]>;
  },
  message: string,
  toastTitle: string,
  hideFields?: string[],
) {
  return {
    result: submission.reply({ formErrors: [message], hideFields }),
    toast: { title: toastTitle, description: message, variant: "destructive" } as ToastMessage,
  };
}

/**
 * A sign-in step that must wait, for the account or for this client: the message saying until
 * when (`messages` by scope) and the Retry-After header.
 */
export function waitRefusal(
  limit: { scope: string; retryAt: Date | string },
  messages: { account: (when: string) => string; here: (when: string) => string },
) {
  const when = retryIn(limit.retryAt);
  return {
    message: limit.scope === "account" ? messages.account(when) : messages.here(when),
    headers: { "Retry-After": retryAfterSeconds(limit.retryAt) },
  };
}
