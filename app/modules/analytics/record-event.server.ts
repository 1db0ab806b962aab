import type { Database } from "~/platform/db/database.server";

export type ProviderEvent = "view" | "phone_click";

/**
 * Counts a profile view or a phone click for a listing. Never throws: analytics must not break
 * the page; failures are reported to `onError`.
 */
export async function recordProviderEvent(
  db: Database,
  registrationNumber: string,
  action: ProviderEvent,
  onError: (error: unknown) => void = () => {},
): Promise<void> {
  try {
    await db.insertInto("provider_analytics").values({ provider_id: registrationNumber, action_type: action }).execute();
  } catch (error) {
    onError(error);
  }
}
