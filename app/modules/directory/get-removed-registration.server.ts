import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { registrationKey } from "./search-input";

export interface RemovedRegistration {
  registration_number: string;
  business_name: string;
  town: string | null;
  removed_at: string | null;
}

/**
 * A registration that a full register sync no longer found (on_register = false): its profile
 * says so instead of showing it as a current carrier (decision 0104). Null for anything else.
 */
export async function getRemovedRegistration(
  db: Database,
  registrationNumber: string,
): Promise<RemovedRegistration | null> {
  const key = registrationKey(registrationNumber);
  if (!key || key.length > 60) return null;
  const { rows } = await sql<{
    registration_number: string;
    business_name: string;
    town: string | null;
    removed_at: Date | null;
  }>`
    SELECT registration_number, business_name, NULLIF(btrim(town), '') AS town, removed_at
    FROM directory_entries WHERE registration_key = ${key} AND NOT on_register LIMIT 1`.execute(db);
  const r = rows[0];
  return r ? { ...r, removed_at: r.removed_at ? new Date(r.removed_at).toISOString() : null } : null;
}
