import { useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod/mini";
import { useToastOnce, type ToastMessage } from "~/components/ui/toast";

/**
 * The Conform form of a sign-in or password screen: checked against `schema` in the browser
 * (on submit unless told otherwise), showing the action's reply, and its toast once.
 */
export function useAuthForm<Schema extends z.ZodMiniObject>(
  schema: Schema,
  actionData: { result: SubmissionResult<string[]>; toast: ToastMessage | null } | undefined,
  {
    shouldValidate = "onSubmit",
    shouldRevalidate,
  }: { shouldValidate?: "onSubmit" | "onBlur"; shouldRevalidate?: "onInput" } = {},
) {
  useToastOnce(actionData?.toast);
  return useForm({
    lastResult: actionData?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate,
    shouldRevalidate,
  });
}
