/**
 * Plan limit: standard plan 20 notes per calendar month (UK time), premium unlimited.
 * `checkPlanLimit` is the pure rule; `countNotesThisMonth` counts a company's notes.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import type { Plan } from "~/modules/plans/plan-state";
import { STANDARD_MONTHLY_NOTES } from "./constants";

export type { Plan };

export interface PlanUsage {
  plan: Plan;
  used: number;
  /** null: unlimited */
  limit: number | null;
  remaining: number | null;
  allowed: boolean;
  /** "7 of 20 this month", or "7 this month (unlimited)". */
  label: string;
}

export function checkPlanLimit(plan: Plan, usedThisMonth: number): PlanUsage {
  if (plan === "premium") {
    return {
      plan,
      used: usedThisMonth,
      limit: null,
      remaining: null,
      allowed: true,
      label: `${usedThisMonth} this month (unlimited)`,
    };
  }
  const limit = STANDARD_MONTHLY_NOTES;
  return {
    plan,
    used: usedThisMonth,
    limit,
    remaining: Math.max(0, limit - usedThisMonth),
    allowed: usedThisMonth < limit,
    label: `${usedThisMonth} of ${limit} this month`,
  };
}

export { PLAN_LIMIT_MESSAGE } from "./note-rules";

/** The calendar month (UK time) holding `now`, as a tstzrange SQL expression. */
export function monthOf(now: Date) {
  return sql`tstzrange(
    date_trunc('month', ${now}::timestamptz AT TIME ZONE 'Europe/London') AT TIME ZONE 'Europe/London',
    (date_trunc('month', ${now}::timestamptz AT TIME ZONE 'Europe/London') + interval '1 month') AT TIME ZONE 'Europe/London')`;
}

/**
 * Notes a company made since the start of the current calendar month, UK time. Only first
 * versions count: a correction supersedes a note and is not a new one (decision 0709); a repeated
 * collection (a copy) is a new note and counts.
 */
export async function countNotesThisMonth(
  db: Database,
  registrationNumber: string,
  now = new Date(),
): Promise<number> {
  const row = await db
    .selectFrom("waste_notes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("registration_number", "=", registrationNumber)
    .where("supersedes_id", "is", null)
    .where(sql<boolean>`${monthOf(now)} @> created_at`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
