/** Deletes a lead and its photo; false when there was no such lead. */
import { deleteEnquiry, type DeleteEnquiryDeps } from "./delete-enquiry.server";

export function deleteLead(
  deps: DeleteEnquiryDeps,
  id: string,
  actorId: string | null = null,
): Promise<boolean> {
  return deleteEnquiry(deps, "general_leads", id, "lead", actorId);
}
