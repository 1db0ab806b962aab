/** What the signed-in user's own account page shows: the account and its linked listing, if any. */
import type { Database } from "~/platform/db/database.server";

export interface AccountOverview {
  email: string;
  createdAt: Date;
  totpEnabled: boolean;
  recoveryCodesLeft: number;
  listing: null | {
    registrationNumber: string;
    businessName: string;
    verified: boolean;
    plan: "standard" | "premium";
    expiryDate: string | null;
  };
}

export async function getAccount(db: Database, userId: string): Promise<AccountOverview | null> {
  const user = await db
    .selectFrom("users")
    .select(["email", "created_at", "totp_enabled_at", "recovery_codes"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) return null;
  const listing = await db
    .selectFrom("claimed_listings as c")
    .innerJoin("directory_entries as d", "d.registration_number", "c.registration_number")
    .select([
      "c.registration_number",
      "c.company_name",
      "d.business_name",
      "c.verified",
      "c.subscription_plan",
      "d.expiry_date",
    ])
    .where("c.user_id", "=", userId)
    .orderBy("c.created_at")
    .executeTakeFirst();
  return {
    email: user.email,
    createdAt: user.created_at,
    totpEnabled: user.totp_enabled_at !== null,
    recoveryCodesLeft: user.recovery_codes.length,
    listing: listing
      ? {
          registrationNumber: listing.registration_number,
          businessName: listing.company_name || listing.business_name,
          verified: listing.verified,
          plan: listing.subscription_plan,
          expiryDate: listing.expiry_date,
        }
      : null,
  };
}
