/**
 * Add Provider (admins, /admin/providers/new): lists a business from the register as a verified
 * claimed listing without waiting for its owner to claim it (a carrier that phoned or e-mailed,
 * say). It is recorded as a claim request made by the admin and approved at once through
 * `approveClaim`, so the owner gets the same invitation to set a password, the listing the same
 * fields, and the audit log the same trail (submitted by the admin, then approved).
 * The same refusals as the claim wizard apply: unknown number, already claimed, pending claim;
 * and an owner's address whose account already has another listing (an account manages one,
 * decision 0254) is refused before anything is recorded (the approval refuses it too).
 */
import { normaliseEmail } from "~/platform/email-address";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { inTransaction } from "~/modules/accounts/tx.server";
import type { Database } from "~/platform/db/database.server";
import type { Config } from "~/platform/env.server";
import type { FileRemoval } from "~/platform/storage/remove-files.server";
import { approveClaim, type ApproveClaimResult } from "./approve-claim.server";
import type { Period, Plan } from "./constants";
import { findClaimTarget } from "./find-claim-target.server";
import { otherListingOfAddress, type OtherListing } from "./other-listing.server";

export interface AddProviderInput {
  registrationNumber: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  plan: Plan;
  period: Period;
  freeTrial: boolean;
  adminNotes?: string | null;
  adminId: string;
  now?: Date;
}

export type AddProviderResult =
  | { status: "missing" | "not-found" | "claimed" | "pending" }
  /** The owner's address has an account that already has `other`: nothing was recorded. */
  | { status: "other-listing"; other: OtherListing }
  | { status: "added"; claimId: string; approval: ApproveClaimResult };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
}

export async function addProvider(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: AddProviderInput,
  log?: { error: (o: object, m: string) => void },
  files?: FileRemoval,
): Promise<AddProviderResult> {
  const now = input.now ?? new Date();
  let claimId: string;
  try {
    const created = await inTransaction(db, async (trx) => {
      const target = await findClaimTarget(trx, input.registrationNumber, { lock: true });
      // As before the wizard refused lapsed registrations (decision 0506): an admin may list an
      // expired registration (they know why), not one that is no longer on the register.
      if (target.status === "removed") return { status: "not-found" } as const;
      if (target.status !== "claimable" && target.status !== "expired")
        return { status: target.status } as const;
      const other = await otherListingOfAddress(trx, input.contactEmail, target.business.registrationNumber);
      if (other) return { status: "other-listing", other } as const;
      const claim = await trx
        .insertInto("claim_requests")
        .values({
          registration_number: target.business.registrationNumber,
          user_id: null,
          contact_name: input.contactName.trim(),
          contact_email: normaliseEmail(input.contactEmail),
          contact_phone: input.contactPhone.trim(),
          subscription_plan: input.plan,
          subscription_period: input.period,
          status: "pending",
          admin_notes: input.adminNotes?.trim() || null,
          created_at: now,
          updated_at: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, {
        actorUserId: input.adminId,
        action: "claim.submitted",
        entity: "claim_request",
        entityId: claim.id,
        details: {
          registrationNumber: target.business.registrationNumber,
          plan: input.plan,
          period: input.period,
          addedByAdmin: true,
        },
        at: now,
      });
      return { status: "created", claimId: claim.id } as const;
    });
    if (created.status !== "created") return created;
    claimId = created.claimId;
  } catch (error) {
    // A claim for the business was submitted at the same moment: the partial unique index refused this one.
    if (isUniqueViolation(error)) return { status: "pending" };
    throw error;
  }
  const approval = await approveClaim(
    db,
    config,
    {
      claimId,
      adminId: input.adminId,
      plan: input.plan,
      period: input.period,
      freeTrial: input.freeTrial,
      adminNotes: input.adminNotes,
      now,
      // Checked above: an admin may list an expired registration, not a removed one (decision 0506).
      expiredAllowed: true,
    },
    log,
    files,
  );
  return { status: "added", claimId, approval };
}
