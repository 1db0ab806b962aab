/**
 * The claim wizard's submit: in one transaction, creates the account (or uses the signed-in
 * one), the pending claim request and an unverified claimed listing that links the account to
 * the business until an admin decides (the company area shows it as 'Awaiting Approval'; the
 * public site ignores unverified listings). The business row is locked first, so two claims for
 * the same business cannot both pass the checks; the partial unique index is the last word.
 */
import { signUp } from "~/modules/accounts/sign-up.server";
import { inTransaction } from "~/modules/accounts/tx.server";
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import type { Config } from "~/platform/env.server";
import { cleanServices, splitAreas, type Period, type Plan } from "./constants";
import { normalizeWebsite } from "./claim-form";
import { findClaimTarget } from "./find-claim-target.server";

export interface ClaimSubmission {
  registrationNumber: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  /** Needed unless `account` is given. */
  password?: string;
  website?: string;
  about?: string;
  services: string[];
  /** Comma-separated, as typed. */
  areas?: string;
  plan: Plan;
  period: Period;
}

export type SubmitClaimResult =
  | { status: "submitted"; claimId: string; userId: string; email: string; needsConfirmation: boolean; newAccount: boolean; businessName: string }
  | { status: "missing" | "not-found" | "claimed" | "pending" }
  | { status: "exists" | "weak-password" | "rate-limited" };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
}

export async function submitClaim(
  db: Database,
  config: Pick<Config, "publicUrl" | "EMAIL_CONFIRMATION">,
  input: ClaimSubmission,
  options: { account?: { id: string; email: string } | null; ip?: string | null; now?: Date } = {},
): Promise<SubmitClaimResult> {
  const now = options.now ?? new Date();
  try {
    return await inTransaction(db, async (trx) => {
      const target = await findClaimTarget(trx, input.registrationNumber, { lock: true });
      if (target.status !== "claimable") return { status: target.status } as const;
      const business = target.business;

      let userId: string;
      let email: string;
      let needsConfirmation = false;
      let newAccount = false;
      if (options.account) {
        userId = options.account.id;
        email = options.account.email;
      } else {
        const account = await signUp(trx, config, { email: input.contactEmail, password: input.password ?? "", ip: options.ip, now });
        if (account.status !== "created") return { status: account.status } as const;
        userId = account.userId;
        email = account.email;
        needsConfirmation = account.needsConfirmation;
        newAccount = true;
      }

      const details = {
        website: input.website ? normalizeWebsite(input.website) : null,
        about: input.about?.trim() || null,
        services: cleanServices(input.services),
        areas_covered: splitAreas(input.areas ?? ""),
      };
      const claim = await trx
        .insertInto("claim_requests")
        .values({
          registration_number: business.registrationNumber,
          user_id: userId,
          contact_name: input.contactName.trim(),
          contact_email: email,
          contact_phone: input.contactPhone.trim(),
          ...details,
          subscription_plan: input.plan,
          subscription_period: input.period,
          status: "pending",
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();

      // The account's link to the business while the claim is pending (unverified: not public).
      const listing = {
        user_id: userId,
        company_name: business.businessName,
        phone: input.contactPhone.trim(),
        email,
        ...details,
        subscription_plan: input.plan,
        subscription_period: input.period,
        verified: false,
        updated_at: now,
      };
      await trx
        .insertInto("claimed_listings")
        .values({ registration_number: business.registrationNumber, ...listing, created_at: now })
        .onConflict((oc) => oc.column("registration_number").doUpdateSet(listing).where("claimed_listings.verified", "=", false))
        .execute();

      await recordAudit(trx, {
        actorUserId: userId,
        action: "claim.submitted",
        entity: "claim_request",
        entityId: claim.id,
        details: { registrationNumber: business.registrationNumber, plan: input.plan, period: input.period },
        at: now,
      });
      return { status: "submitted", claimId: claim.id, userId, email, needsConfirmation, newAccount, businessName: business.businessName } as const;
    });
  } catch (error) {
    // Another claim for this business won the race: the partial unique index refused this one.
    if (isUniqueViolation(error)) return { status: "pending" };
    throw error;
  }
}
