import { ukToday } from "~/platform/dates";
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { FEATURED_CACHE_TTL_MS, FEATURED_COUNT } from "./constants";
import type { Provider } from "./provider";
import { claimedJoin, providerColumns, toProvider, type ProviderRow } from "./provider-row.server";
import { inForceSql } from "./registration-sql.server";
import { directoryCaches } from "./ttl-cache";

export interface FeaturedProviders {
  providers: Provider[];
  /**
   * True: verified businesses that manage their listing with us. False: the fallback, listings
   * from the public register that nobody has claimed (the home page says so).
   */
  claimed: boolean;
}

/** The read in flight per database: visitors arriving together (after a sync) share one. */
const pending = new WeakMap<Database, Promise<FeaturedProviders>>();
const caches = directoryCaches<FeaturedProviders>(FEATURED_CACHE_TTL_MS, 1, (db) => pending.delete(db));

/**
 * The home page's featured carriers: verified (not suspended) claimed listings, most recently
 * updated first; when there are none, the most recently updated listings on the register. Only
 * registrations in force (not expired). Cached for 5 minutes.
 */
export async function featuredProviders(db: Database, now: Date = new Date()): Promise<FeaturedProviders> {
  const cache = caches.get(db);
  const hit = cache.get("featured");
  if (hit) return hit;
  const inFlight = pending.get(db);
  if (inFlight) return inFlight;
  const read = readFeatured(db, now);
  pending.set(db, read);
  try {
    const featured = await read;
    // Kept only if no change cleared the cache while it was read.
    if (pending.get(db) === read) cache.set("featured", featured);
    return featured;
  } finally {
    if (pending.get(db) === read) pending.delete(db);
  }
}

async function readFeatured(db: Database, now: Date): Promise<FeaturedProviders> {
  const inForce = inForceSql(ukToday(now));
  let claimed = true;
  let { rows } = await sql<ProviderRow>`SELECT ${providerColumns}
    FROM claimed_listings c
    JOIN directory_entries d ON d.registration_number = c.registration_number AND d.on_register
    ${claimedJoin}
    WHERE c.verified AND c.suspended_at IS NULL AND ${inForce}
    ORDER BY c.updated_at DESC, c.registration_number LIMIT ${FEATURED_COUNT}`.execute(db);
  if (!rows.length) {
    claimed = false;
    ({ rows } = await sql<ProviderRow>`SELECT ${providerColumns} FROM directory_entries d ${claimedJoin}
      WHERE d.on_register AND ${inForce}
      ORDER BY d.updated_at DESC, d.registration_number LIMIT ${FEATURED_COUNT}`.execute(db));
  }
  return { providers: rows.map(toProvider), claimed };
}

/** Forgets this process's featured block (tests). A change clears it on every instance: `directoryChanged`. */
export function clearFeaturedCache(db: Database): void {
  caches.get(db)?.clear();
  pending.delete(db);
}
