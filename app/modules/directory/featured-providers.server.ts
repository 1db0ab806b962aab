import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { FEATURED_CACHE_TTL_MS, FEATURED_COUNT } from "./constants";
import type { Provider } from "./provider";
import { claimedJoin, providerColumns, toProvider, type ProviderRow } from "./provider-row.server";
import { TtlCache } from "./ttl-cache";

const caches = new WeakMap<Database, TtlCache<Provider[]>>();

/**
 * The home page's featured carriers: verified (not suspended) claimed listings, most recently
 * updated first; when there are none, the most recently updated listings on the register whose
 * registration has not expired. Cached for 5 minutes.
 */
export async function featuredProviders(db: Database): Promise<Provider[]> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new TtlCache<Provider[]>(FEATURED_CACHE_TTL_MS, 1)));
  const hit = cache.get("featured");
  if (hit) return hit;

  let { rows } = await sql<ProviderRow>`SELECT ${providerColumns}
    FROM claimed_listings c
    JOIN directory_entries d ON d.registration_number = c.registration_number AND d.on_register
    ${claimedJoin}
    WHERE c.verified AND c.suspended_at IS NULL
    ORDER BY c.updated_at DESC, c.registration_number LIMIT ${FEATURED_COUNT}`.execute(db);
  if (!rows.length) {
    ({ rows } = await sql<ProviderRow>`SELECT ${providerColumns} FROM directory_entries d ${claimedJoin}
      WHERE d.on_register AND (d.expiry_date IS NULL OR d.expiry_date >= current_date)
      ORDER BY d.updated_at DESC, d.registration_number LIMIT ${FEATURED_COUNT}`.execute(db));
  }
  const providers = rows.map(toProvider);
  cache.set("featured", providers);
  return providers;
}

export function clearFeaturedCache(db: Database): void {
  caches.get(db)?.clear();
}
