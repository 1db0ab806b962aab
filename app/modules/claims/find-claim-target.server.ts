/**
 * Whether a business can be claimed: it exists on the register, has no verified claimed listing
 * and no pending claim, and its registration is in force (valid, or lower tier: registrationState).
 * A registration that expired or was removed from the register cannot be claimed (issue 14, item
 * 10). Used by the claim finder, the wizard's loader and (under a row lock) by the submit itself.
 */
import type { Database } from "~/platform/db/database.server";
import { registrationState } from "~/modules/directory/registration";
import { registrationKey } from "~/modules/directory/search-input";
import { likePattern, likePrefix } from "~/platform/db/like";

export interface ClaimTarget {
  registrationNumber: string;
  businessName: string;
  town: string | null;
  postcode: string | null;
  address: string | null;
  expiryDate: string | null;
}

export type ClaimTargetResult =
  | { status: "missing" }
  | { status: "not-found" }
  | { status: "claimed"; business: ClaimTarget }
  | { status: "pending"; business: ClaimTarget }
  /** The registration expired on `since` (the register's expiry date). */
  | { status: "expired"; business: ClaimTarget; since: string }
  /** No longer on the public register (since that day, when known). */
  | { status: "removed"; business: ClaimTarget; since: string | null }
  | { status: "claimable"; business: ClaimTarget };

export async function findClaimTarget(
  db: Database,
  registrationNumber: string | null | undefined,
  opts: { lock?: boolean; now?: Date } = {},
): Promise<ClaimTargetResult> {
  const key = registrationKey(registrationNumber ?? "");
  if (!key) return { status: "missing" };
  if (key.length > 40) return { status: "not-found" };
  let query = db
    .selectFrom("directory_entries")
    .select([
      "registration_number",
      "business_name",
      "town",
      "postcode",
      "building",
      "address_line_1",
      "address_line_2",
      "expiry_date",
      "registration_tier",
      "on_register",
      "removed_at",
    ])
    .where("registration_key", "=", key)
    // A registration on the register first, should a removed one share its number.
    .orderBy("on_register", "desc")
    .orderBy("registration_number")
    .limit(1);
  if (opts.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return { status: "not-found" };
  const business: ClaimTarget = {
    registrationNumber: row.registration_number,
    businessName: row.business_name,
    town: row.town,
    postcode: row.postcode,
    address:
      [row.building, row.address_line_1, row.address_line_2]
        .map((s) => s?.trim())
        .filter(Boolean)
        .join(", ") || null,
    expiryDate: row.expiry_date,
  };
  const listing = await db
    .selectFrom("claimed_listings")
    .select("verified")
    .where("registration_number", "=", row.registration_number)
    .executeTakeFirst();
  if (listing?.verified) return { status: "claimed", business };
  const pending = await db
    .selectFrom("claim_requests")
    .select("id")
    .where("registration_number", "=", row.registration_number)
    .where("status", "=", "pending")
    .executeTakeFirst();
  if (pending) return { status: "pending", business };
  const state = registrationState(row, opts.now);
  if (state.state === "removed") return { status: "removed", business, since: state.since };
  if (state.state === "expired") return { status: "expired", business, since: state.since };
  return { status: "claimable", business };
}

export interface BusinessMatch {
  registrationNumber: string;
  businessName: string;
  town: string | null;
  postcode: string | null;
  claimed: boolean;
  pending: boolean;
  /** The registration expired (it cannot be claimed until it is renewed). */
  expired: boolean;
}

/**
 * The claim finder's name search: businesses on the register whose name contains every word
 * typed (case-insensitive), best matches first, at most `limit`.
 */
export async function findBusinessesByName(
  db: Database,
  name: string,
  limit = 20,
  now = new Date(),
): Promise<BusinessMatch[]> {
  const words = name.toLowerCase().replace(/\s+/g, " ").trim().split(" ").filter(Boolean).slice(0, 8);
  if (!words.length) return [];
  let query = db
    .selectFrom("directory_entries as d")
    .leftJoin("claimed_listings as cl", "cl.registration_number", "d.registration_number")
    .select((eb) => [
      "d.registration_number",
      "d.business_name",
      "d.town",
      "d.postcode",
      "d.expiry_date",
      "d.registration_tier",
      eb.fn.coalesce("cl.verified", eb.lit(false)).as("claimed"),
      eb
        .exists(
          eb
            .selectFrom("claim_requests as c")
            .select("c.id")
            .whereRef("c.registration_number", "=", "d.registration_number")
            .where("c.status", "=", "pending"),
        )
        .as("pending"),
    ])
    .where("d.on_register", "=", true);
  for (const w of words)
    query = query.where((eb) => eb(eb.fn("lower", ["d.business_name"]), "like", likePattern(w)));
  const rows = await query
    .orderBy((eb) => eb(eb.fn("lower", ["d.business_name"]), "like", likePrefix(words.join(" "))), "desc")
    .orderBy("d.business_name")
    .orderBy("d.registration_number")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    registrationNumber: r.registration_number,
    businessName: r.business_name,
    town: r.town,
    postcode: r.postcode,
    claimed: Boolean(r.claimed),
    pending: Boolean(r.pending),
    expired: registrationState(r, now).state === "expired",
  }));
}
