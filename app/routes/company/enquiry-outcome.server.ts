/**
 * The company's quote and review pages' answers to a refused change (decision 0604): a 404 for a
 * request or review that is not the owner's (as for an unknown id), a 403 while the listing is
 * suspended or awaiting approval, a 409 for a move that no longer applies; each with its toast.
 */
import { data } from "react-router";
import { OWNER_REFUSAL_STATUS, type OwnerRefusal } from "~/modules/company/enquiry-access";
import type { ToastMessage } from "~/web/toast.server";

export interface EnquiryActionData {
  toast: ToastMessage | null;
  /** The form that was refused: its record's id, what was typed and the message. */
  field?: { id: string; value: string; message: string };
}

export const refusalToast = (description: string): ToastMessage => ({
  title: "Error",
  description,
  variant: "destructive",
});

export function refused(
  reason: OwnerRefusal | "conflict",
  messages: Record<OwnerRefusal | "conflict", string>,
) {
  const status = reason === "conflict" ? 409 : OWNER_REFUSAL_STATUS[reason];
  return data<EnquiryActionData>({ toast: refusalToast(messages[reason]) }, { status });
}

/** A form's field refused by its checks: the message beside it, what was typed kept. */
export function fieldRefused(id: string, value: string, message: string) {
  return data<EnquiryActionData>(
    { toast: refusalToast(message), field: { id, value, message } },
    { status: 400 },
  );
}

/** Where a change returns to: the same list, filter and page. */
export const samePage = (url: URL) => `${url.pathname}${url.search}`;
