/** A company's waste note allowance this month ('N of 20 this month'), for the company pages. */
import type { Database } from "~/platform/db/database.server";
import { checkPlanLimit, countNotesThisMonth, type Plan, type PlanUsage } from "./plan-limit.server";

export async function getPlanUsage(db: Database, registrationNumber: string, now = new Date()): Promise<PlanUsage> {
  const listing = await db
    .selectFrom("claimed_listings")
    .select(["subscription_plan", "subscription_end_date"])
    .where("registration_number", "=", registrationNumber)
    .executeTakeFirst();
  const premium =
    listing?.subscription_plan === "premium" && (!listing.subscription_end_date || new Date(listing.subscription_end_date) >= now);
  const plan: Plan = premium ? "premium" : "standard";
  return checkPlanLimit(plan, await countNotesThisMonth(db, registrationNumber, now));
}
