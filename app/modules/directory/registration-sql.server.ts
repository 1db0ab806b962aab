/**
 * registrationState's rules as SQL predicates over directory_entries (alias d), so that a search
 * filters in the database exactly as the pages judge each row (registration.ts). Today is the
 * UK date (ukToday), passed in: a registration expiring today is expired; lower tier ones never
 * expire; any other without an expiry date is 'expiry-unknown', neither expired nor in force
 * (decision 0280). None of these predicates is ever NULL.
 */
import { sql, type RawBuilder } from "kysely";
import type { SearchTier } from "./constants";

/** Expired today: an expiry date on or before today, and not lower tier. */
export function expiredSql(today: string): RawBuilder<boolean> {
  return sql<boolean>`(d.expiry_date IS NOT NULL AND d.expiry_date <= ${today}::date AND d.registration_tier IS DISTINCT FROM 'LOWER')`;
}

/** No expiry date and not lower tier (registrationState 'expiry-unknown'). */
export function expiryUnknownSql(): RawBuilder<boolean> {
  return sql<boolean>`(d.expiry_date IS NULL AND d.registration_tier IS DISTINCT FROM 'LOWER')`;
}

/**
 * Valid or lower tier (registrationState 'valid' or 'no-expiry'; on_register is checked apart):
 * neither expired nor of unknown expiry.
 */
export function inForceSql(today: string): RawBuilder<boolean> {
  return sql<boolean>`(d.registration_tier IS NOT DISTINCT FROM 'LOWER' OR (d.expiry_date IS NOT NULL AND d.expiry_date > ${today}::date))`;
}

/** The tier filter, or null for any tier. */
export function tierSql(tier: SearchTier): RawBuilder<boolean> | null {
  if (tier === "upper") return sql<boolean>`d.registration_tier = 'UPPER'`;
  if (tier === "lower") return sql<boolean>`d.registration_tier = 'LOWER'`;
  return null;
}

/** Predicates joined with AND; `true` for none. */
export function allOf(predicates: Array<RawBuilder<boolean> | null>): RawBuilder<boolean> {
  const kept = predicates.filter((p): p is RawBuilder<boolean> => p !== null);
  return kept.length ? sql<boolean>`(${sql.join(kept, sql` AND `)})` : sql<boolean>`true`;
}
