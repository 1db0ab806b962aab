/**
 * Whether a company may write a waste note now (note-rules.ts): its listing (approved, not
 * suspended), its registration on the register (in force) and its plan's allowance this month.
 * `createWasteNote` calls it inside its transaction with `lock`, so the listing row is locked
 * (SELECT ... FOR UPDATE) while the month's notes are counted and the note inserted: two
 * submits at once (a second tab, a stale page) cannot both take the last slot.
 * A correction (`correction: true`) is not a new note: every rule applies but the allowance.
 */
import { registrationState, type RegistrationState } from "~/modules/directory/registration";
import { effectivePlan } from "~/modules/plans/plan-state";
import type { Database } from "~/platform/db/database.server";
import { NOTE_RULE_TEXT, noteRefusal, type NoteRefusal } from "./note-rules";
import { checkPlanLimit, countNotesThisMonth, type PlanUsage } from "./plan-limit.server";

export interface NoteEligibility {
  refusal: NoteRefusal | null;
  /** The month's allowance (null when there is no listing). */
  usage: PlanUsage | null;
  registration: RegistrationState | null;
}

export async function getNoteEligibility(
  db: Database,
  registrationNumber: string,
  options: { now?: Date; lock?: boolean; correction?: boolean } = {},
): Promise<NoteEligibility> {
  const now = options.now ?? new Date();
  let query = db
    .selectFrom("claimed_listings")
    .select(["verified", "suspended_at", "subscription_plan", "subscription_end_date"])
    .where("registration_number", "=", registrationNumber);
  if (options.lock) query = query.forUpdate();
  const listing = await query.executeTakeFirst();
  if (!listing) {
    return {
      refusal: { reason: "no_listing", title: "Account Not Found", message: NOTE_RULE_TEXT.noListing },
      usage: null,
      registration: null,
    };
  }
  const entry = await db
    .selectFrom("directory_entries")
    .select(["expiry_date", "on_register", "removed_at", "registration_tier"])
    .where("registration_number", "=", registrationNumber)
    .executeTakeFirst();
  const registration = entry ? registrationState(entry, now) : ({ state: "removed", since: null } as const);
  const usage = checkPlanLimit(
    effectivePlan(listing, now),
    await countNotesThisMonth(db, registrationNumber, now),
  );
  const refusal = noteRefusal({
    verified: listing.verified,
    suspended: listing.suspended_at !== null,
    registrationNumber,
    registration,
    usage: options.correction ? null : usage,
  });
  return { refusal, usage, registration };
}
