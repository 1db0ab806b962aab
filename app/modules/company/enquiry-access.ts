/**
 * What the owner may do with the listing's quote requests and reviews in the company area
 * (decision 0604): an approved listing handles them; a suspended one reads them only (with a
 * notice); a listing still awaiting approval sees neither. Plain, shared by the server and pages;
 * the server checks it again inside every change (owned-listing.server.ts).
 */
export type EnquiryAccess = "manage" | "read-only" | "awaiting-approval";

export function enquiryAccess(listing: { verified: boolean; suspended: boolean }): EnquiryAccess {
  if (!listing.verified) return "awaiting-approval";
  return listing.suspended ? "read-only" : "manage";
}

/** Why a change by the owner was refused; "not_found" for anything not the owner's (404). */
export type OwnerRefusal = "not_found" | "read_only" | "not_approved";

export const OWNER_REFUSAL_STATUS: Record<OwnerRefusal, number> = {
  not_found: 404,
  read_only: 403,
  not_approved: 403,
};
