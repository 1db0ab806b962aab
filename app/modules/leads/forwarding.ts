/**
 * Forwarding leads (decision 0807): the limits and a lead's status as the admin pages show it.
 * Pure: used by the module, the routes and the components.
 */

/** How far from the lead's postcode a carrier is offered. */
export const FORWARD_RADIUS_MILES = 25;
/** How many carriers one forward may go to. */
export const MAX_FORWARD_CARRIERS = 5;

export type LeadStatus = "new" | "contacted" | "forwarded" | "closed";

/** The badge's colour for a lead's status. */
export function leadStatusTone(status: string): "blue" | "green" | "slate" | "amber" {
  if (status === "forwarded") return "green";
  if (status === "closed") return "slate";
  if (status === "contacted") return "amber";
  return "blue";
}
