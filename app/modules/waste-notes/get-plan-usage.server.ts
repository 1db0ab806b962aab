/** A company's waste note allowance this month ('N of 20 this month'), for the company pages. */
import { effectivePlan } from "~/modules/plans/plan-state";
import type { Database } from "~/platform/db/database.server";
import { checkPlanLimit, countNotesThisMonth, type PlanUsage } from "./plan-limit.server";

export async function getPlanUsage(
  db: Database,
  registrationNumber: string,
  now = new Date(),
): Promise<PlanUsage> {
  const listing = await db
    .selectFrom("claimed_listings")
    .select(["subscription_plan", "subscription_end_date"])
    .where("registration_number", "=", registrationNumber)
    .executeTakeFirst();
  const plan = listing ? effectivePlan(listing, now) : "standard";
  return checkPlanLimit(plan, await countNotesThisMonth(db, registrationNumber, now));
}
