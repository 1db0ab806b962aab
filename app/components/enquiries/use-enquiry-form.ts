/** The hooks the visitor forms share: the Conform form and, for the fetcher forms, what they show. */
import { useForm, type DefaultValue } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { useFetcher } from "react-router";
import type * as z from "zod/mini";
import type { EnquiryReply } from "./reply";

/**
 * A visitor form checked in the browser against `schema` (made anew for each check) on submit,
 * then again as the person types; showing the server's `reply`.
 */
export function useEnquiryForm<Schema extends z.ZodMiniObject>(
  id: string,
  schema: () => Schema,
  reply: EnquiryReply | undefined,
  defaultValue?: DefaultValue<z.input<Schema>>,
) {
  return useForm({
    id,
    lastResult: reply?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schema() }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue,
  });
}

/**
 * A visitor form posted through a fetcher: the reply shown (the fetcher's, else the page's
 * `initial` one) until the person asks for another form, which also renews `formKey`.
 */
export function useEnquiryFetcher(key: string, initial: EnquiryReply | undefined) {
  const fetcher = useFetcher<EnquiryReply>({ key });
  const [cleared, setCleared] = useState<EnquiryReply | undefined>(undefined);
  const data = fetcher.data ?? initial;
  const reply = data && data !== cleared ? data : undefined;
  const [formKey, setFormKey] = useState(0);
  const another = () => {
    setCleared(data);
    setFormKey((k) => k + 1);
  };
  return { fetcher, reply, formKey, another, busy: fetcher.state !== "idle" };
}
