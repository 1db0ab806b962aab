/**
 * Approving a carrier's upgrade request from the provider's page (decision 0805): the listing goes
 * to Premium for the period asked, from today (UK) for a month or a year, not a trial. This is the
 * admin's plan change (plans/set-listing-plan.server.ts, decision 0706), so it is audited with the
 * values before and after, closes the request and e-mails the owner. Declining is
 * `closeUpgradeRequest` (the request closed without a change).
 *
 * The request's period is read first (a request's period never changes); whether it is still open
 * is decided inside the plan change's transaction, under the listing's lock (`requestId`): a
 * request approved in another tab, or declined meanwhile, changes nothing (decision 0263).
 */
import { addMonths } from "~/modules/claims/constants";
import { getOpenUpgradeRequest } from "~/modules/plans/upgrade-requests.server";
import { setListingPlan } from "~/modules/plans/set-listing-plan.server";
import { isUuid } from "~/platform/db/keyset-page.server";
import type { Database } from "~/platform/db/database.server";
import { ukToday } from "~/platform/dates";
import type { Config } from "~/platform/env.server";

export type ApproveUpgradeResult =
  /** Not this listing's open request (decided already, in this tab or another, or unknown): nothing changed. */
  { status: "not-found" } | { status: "done"; registrationNumber: string; endDate: Date };

export async function approveUpgradeRequest(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: { listingId: string; requestId: string; adminId: string; now?: Date },
): Promise<ApproveUpgradeResult> {
  if (!isUuid(input.listingId) || !isUuid(input.requestId)) return { status: "not-found" };
  const now = input.now ?? new Date();
  const open = await getOpenUpgradeRequest(db, input.listingId);
  // Only the listing's open request: one already handled (or another listing's) changes nothing.
  if (!open || open.id !== input.requestId) return { status: "not-found" };
  const today = ukToday(now);
  const startDate = new Date(`${today}T00:00:00Z`);
  const endDay = ukToday(addMonths(startDate, open.period === "yearly" ? 12 : 1));
  const endDate = new Date(`${endDay}T23:59:59Z`);
  const r = await setListingPlan(db, config, {
    listingId: input.listingId,
    plan: "premium",
    period: open.period,
    freeTrial: false,
    startDate,
    endDate,
    adminId: input.adminId,
    now,
    requestId: open.id,
  });
  return r.status === "done"
    ? { status: "done", registrationNumber: r.registrationNumber, endDate }
    : { status: "not-found" };
}
