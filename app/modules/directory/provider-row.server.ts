/**
 * The SQL that turns a directory row plus its claimed listing into a Provider. A claimed
 * listing counts only when verified and not suspended; then its fields override the register's,
 * except that the register's name is always read beside the listing's (register_name, decision
 * 0281): a licence check names the registration's holder, never only the name a listing chose.
 */
import { sql, type RawBuilder } from "kysely";
import type { Provider } from "./provider";

/** Joins the claimed listing that counts (alias cl) to directory_entries (alias d). */
export const claimedJoin: RawBuilder<unknown> = sql`LEFT JOIN claimed_listings cl
  ON cl.registration_number = d.registration_number AND cl.verified AND cl.suspended_at IS NULL`;

export const providerColumns: RawBuilder<unknown> = sql`
  d.registration_number,
  COALESCE(NULLIF(btrim(cl.company_name), ''), d.business_name) AS business_name,
  d.business_name AS register_name,
  d.company_number, d.registration_type, d.registration_tier, d.applicant_type,
  d.registration_date, d.expiry_date,
  NULLIF(concat_ws(', ', NULLIF(btrim(d.building), ''), NULLIF(btrim(d.address_line_1), ''),
    NULLIF(btrim(d.address_line_2), ''), NULLIF(btrim(d.address_line_3), ''), NULLIF(btrim(d.address_line_4), '')), '') AS address,
  NULLIF(btrim(d.town), '') AS town, NULLIF(btrim(d.postcode), '') AS postcode,
  d.easting, d.northing,
  (cl.id IS NOT NULL) AS is_claimed,
  COALESCE(cl.verified, false) AS verified,
  (cl.id IS NOT NULL AND cl.subscription_plan = 'premium'
    AND (cl.subscription_end_date IS NULL OR cl.subscription_end_date > now())) AS is_premium,
  cl.logo_url, cl.phone, cl.email, cl.website, cl.about,
  COALESCE(cl.services, '{}') AS services, COALESCE(cl.areas_covered, '{}') AS areas_covered,
  COALESCE(cl.subscription_plan, 'standard') AS subscription_plan,
  COALESCE(cl.subscription_period, 'monthly') AS subscription_period,
  GREATEST(d.updated_at, cl.updated_at) AS updated_at`;

export type ProviderRow = Omit<Provider, "updated_at"> & { updated_at: Date | string };

export function toProvider(row: ProviderRow): Provider {
  return {
    ...row,
    services: row.services ?? [],
    areas_covered: row.areas_covered ?? [],
    updated_at: row.updated_at instanceof Date ? row.updated_at.toISOString() : String(row.updated_at),
  };
}
