/** Deletes a quote request and its photo; false when there was no such request. */
import { deleteEnquiry, type DeleteEnquiryDeps } from "~/modules/leads/delete-enquiry.server";

export function deleteQuoteRequest(
  deps: DeleteEnquiryDeps,
  id: string,
  actorId: string | null = null,
): Promise<boolean> {
  return deleteEnquiry(deps, "quote_requests", id, "quote", actorId);
}
