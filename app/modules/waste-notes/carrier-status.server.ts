/** The carrier's registration status on the public register, for the note's verification line. */
import type { Database } from "~/platform/db/database.server";

export type CarrierStatus = "active" | "expired" | "removed" | "not_found";

export const CARRIER_STATUS_LABELS: Record<CarrierStatus, string> = {
  active: "Registered (active on the public register)",
  expired: "Registration expired",
  removed: "No longer on the public register",
  not_found: "Not found on the public register",
};

export function registrationKey(licence: string): string {
  return licence.toUpperCase().replace(/\s+/g, "");
}

export async function lookUpCarrierStatus(db: Database, licence: string, now = new Date()): Promise<CarrierStatus> {
  const key = registrationKey(licence);
  if (!key) return "not_found";
  const row = await db
    .selectFrom("directory_entries")
    .select(["on_register", "expiry_date"])
    .where("registration_key", "=", key)
    .orderBy("on_register", "desc")
    .executeTakeFirst();
  if (!row) return "not_found";
  if (!row.on_register) return "removed";
  if (row.expiry_date && row.expiry_date < now.toISOString().slice(0, 10)) return "expired";
  return "active";
}
