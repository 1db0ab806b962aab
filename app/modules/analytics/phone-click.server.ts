import type { Database } from "~/platform/db/database.server";
import { hit } from "~/platform/rate-limit.server";
import { isOwnBusiness } from "../reviews/is-own-business.server";

/** One phone click counted per listing per client address per hour (decision 0265). */
export const PHONE_CLICK_WINDOW_MS = 60 * 60 * 1000;

/**
 * Whether this click on a listing's phone link is the first from `clientAddress` within the hour,
 * and so counted: the carrier's dashboard shows people who went to call, not how often a script or
 * a reloaded page asked for the link. Kept in `rate_limits`, so it holds across instances.
 */
export async function isFirstPhoneClick(
  db: Database,
  registrationNumber: string,
  clientAddress: string,
): Promise<boolean> {
  try {
    const counted = await hit(db, `phone-click:${registrationNumber}:${clientAddress}`, {
      max: 1,
      windowMs: PHONE_CLICK_WINDOW_MS,
    });
    return counted.allowed;
  } catch {
    return false; // counting never stands between a visitor and the phone number
  }
}

/**
 * Whether a click on a listing's phone link is counted: not the business's own signed-in owner's
 * (decision 0276: the dashboard counts their customers; the same rule as its notices,
 * `isOwnBusiness`, which asks nothing when no one is signed in), and otherwise the first from
 * `clientAddress` within the hour. The owner's click does not use up their address's hour.
 */
export async function countsPhoneClick(
  db: Database,
  registrationNumber: string,
  reader: { clientAddress: string; signedInEmail: string | null },
): Promise<boolean> {
  try {
    if (await isOwnBusiness(db, registrationNumber, reader.signedInEmail)) return false;
  } catch {
    // Not known: counted as any click (as the profile counts the view, decision 0276).
  }
  return isFirstPhoneClick(db, registrationNumber, reader.clientAddress);
}
