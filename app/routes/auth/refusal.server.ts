import type { SubmissionResult } from "@conform-to/react";
import type { ToastMessage } from "~/components/ui/toast";

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
