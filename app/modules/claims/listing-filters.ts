/** The admin Providers screen's status filter (shared by the page and the query). */
export const LISTING_STATUSES = ["all", "verified", "unverified", "suspended", "trial"] as const;
export type ListingStatusFilter = (typeof LISTING_STATUSES)[number];
