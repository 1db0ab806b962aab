/**
 * A claimed listing's plan as it stands today (decisions 0503, 0703, 0706): the chosen plan, its
 * period, the subscription or free trial dates, and the plan that applies now. Premium applies
 * while its end date is empty or not past; a lapsed Premium counts as Standard. Pure: safe to
 * import from components.
 */
export type Plan = "standard" | "premium";
export type Period = "monthly" | "yearly";

export interface PlanColumns {
  subscription_plan: Plan;
  subscription_period: Period;
  subscription_start_date: Date | string | null;
  subscription_end_date: Date | string | null;
  is_on_free_trial: boolean;
}

/** The plan that applies at `now`. */
export function effectivePlan(
  listing: Pick<PlanColumns, "subscription_plan" | "subscription_end_date">,
  now = new Date(),
): Plan {
  if (listing.subscription_plan !== "premium") return "standard";
  const end = listing.subscription_end_date;
  return !end || new Date(end) >= now ? "premium" : "standard";
}

export interface PlanSummary {
  /** What the listing is on (as the admin set it). */
  plan: Plan;
  /** What applies today (a lapsed Premium is Standard). */
  effective: Plan;
  period: Period;
  /** ISO timestamps. */
  startDate: string | null;
  endDate: string | null;
  freeTrial: boolean;
  /** The end date has passed. */
  ended: boolean;
}

const iso = (v: Date | string | null) => (v ? new Date(v).toISOString() : null);

export function summarisePlan(listing: PlanColumns, now = new Date()): PlanSummary {
  const end = iso(listing.subscription_end_date);
  return {
    plan: listing.subscription_plan,
    effective: effectivePlan(listing, now),
    period: listing.subscription_period,
    startDate: iso(listing.subscription_start_date),
    endDate: end,
    freeTrial: listing.is_on_free_trial,
    ended: !!end && new Date(end) < now,
  };
}

export const planName = (plan: Plan) => (plan === "premium" ? "Premium" : "Standard");
export const periodName = (period: Period) => (period === "yearly" ? "Yearly" : "Monthly");
