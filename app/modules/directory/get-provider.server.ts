import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import type { Provider } from "./provider";
import { claimedJoin, providerColumns, toProvider, type ProviderRow } from "./provider-row.server";
import { registrationKey } from "./search-input";

/**
 * One provider by registration number (spaces, case and, in England/Wales numbers, hyphens
 * ignored), with its verified claimed listing laid over the register's data; null when unknown
 * or no longer on the register (which is where migration 1001 put malformed numbers).
 */
export async function getProvider(db: Database, registrationNumber: string): Promise<Provider | null> {
  const key = registrationKey(registrationNumber);
  if (!key || key.length > 60) return null;
  const { rows } = await sql<ProviderRow>`SELECT ${providerColumns} FROM directory_entries d ${claimedJoin}
    WHERE d.registration_key = ${key} AND d.on_register LIMIT 1`.execute(db);
  return rows[0] ? toProvider(rows[0]) : null;
}
