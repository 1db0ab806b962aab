/**
 * The company dashboard's account facts (issue 14, items 5, 7, 11): the registration's real state,
 * the account status, the plan (plan, period, trial, dates), the waste notes used this month,
 * whether notes may be written now and why not, and any open upgrade request.
 */
import { registrationState } from "~/modules/directory/registration";
import { summarisePlan, type PlanSummary } from "~/modules/plans/plan-state";
import { getOpenUpgradeRequest, type UpgradeRequest } from "~/modules/plans/upgrade-requests.server";
import { getNoteEligibility } from "~/modules/waste-notes/note-eligibility.server";
import type { NoteRefusal } from "~/modules/waste-notes/note-rules";
import { checkPlanLimit, type PlanUsage } from "~/modules/waste-notes/plan-limit.server";
import type { Database } from "~/platform/db/database.server";
import type { CompanyListing } from "./company-listing.server";
import { accountStatus, summariseRegistration, type RegistrationSummary } from "./registration-summary";

export interface AccountOverview {
  registration: RegistrationSummary;
  status: string;
  plan: PlanSummary;
  usage: PlanUsage;
  /** Why notes cannot be written now (null: they can). */
  notes: NoteRefusal | null;
  upgradeRequest: UpgradeRequest | null;
}

export async function getAccountOverview(
  db: Database,
  listing: CompanyListing,
  now = new Date(),
): Promise<AccountOverview> {
  const registration = summariseRegistration(
    registrationState(listing.register, now),
    listing.register.registration_tier,
  );
  const [eligibility, upgradeRequest] = await Promise.all([
    getNoteEligibility(db, listing.registrationNumber, { now }),
    getOpenUpgradeRequest(db, listing.id),
  ]);
  return {
    registration,
    status: accountStatus({ verified: listing.verified, suspended: listing.suspended, registration }),
    plan: summarisePlan(listing.subscription, now),
    usage: eligibility.usage ?? checkPlanLimit("standard", 0),
    notes: eligibility.refusal,
    upgradeRequest,
  };
}
