/**
 * Approving a claim (admins only; the route checks the role, this records who did it). One
 * transaction:
 *   1. lock the claim; only a pending claim is approved (approving an approved claim again
 *      changes nothing and sends nothing: idempotent); a registration that is no longer in force
 *      (expired, or gone from the register) is refused with nothing changed, as the wizard and Add
 *      Provider refuse it (decision 0263); the account of the contact's address is
 *      locked too, and one that already manages, or has a pending claim for, another listing is
 *      refused with nothing changed (an account manages one listing, decision 0254); the
 *      owner's draft this approval would publish must be the one the admin was shown (its version,
 *      read under the listing's lock): one changed since is refused with nothing changed
 *      (decision 0268);
 *   2. the account step, inside a savepoint: find or create the contact's account and queue the
 *      invitation (set-password link) or, for an account with a password, the approval notice;
 *      if this step fails it is rolled back alone and the approval continues without an owner
 *      (the spec's partial success, reported as such);
 *   3. create or update the claimed listing (verified, plan, period, trial dates, the claim's
 *      details), publish the owner's draft edits made while pending (company module), and mark
 *      the directory entry claimed; an unverified listing another account held loses that
 *      account's draft and saved sites and customers first (decision 0256); a failure here aborts
 *      everything;
 *   4. mark the claim approved with the admin's notes, and write the audit row.
 * A logo file no row names after it (the published logo the draft replaced, or the draft of a
 * holder who loses the listing) is deleted once the approval has committed (decision 0271).
 */
import { sql } from "kysely";
import { sendClaimApprovedInvitation } from "~/modules/accounts/create-invitation.server";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { publishListingDraft } from "~/modules/company/update-listing.server";
import { logoUrlsOf, removeLogoFiles, unusedLogos } from "~/modules/company/unused-logos.server";
import { forgetSavedParties } from "~/modules/waste-notes/saved-parties.server";
import { directoryChanged } from "~/modules/directory/directory-changed.server";
import { isInForce, registrationState, type RegistrationState } from "~/modules/directory/registration";
import type { Database } from "~/platform/db/database.server";
import type { Config } from "~/platform/env.server";
import type { FileRemoval } from "~/platform/storage/remove-files.server";
import { draftToPublish, draftVersion, heldByAnother } from "./claim-draft.server";
import { addMonths, CLAIM_TEXT, FREE_TRIAL_MONTHS, type Period, type Plan } from "./constants";
import { lockClaim } from "./lock-claim.server";
import { otherListingOfAddress, type OtherListing } from "./other-listing.server";

export interface ApproveClaimInput {
  claimId: string;
  adminId: string;
  plan: Plan;
  period: Period;
  freeTrial: boolean;
  /** Subscription (or trial) start; default now. */
  startDate?: Date | null;
  /** Subscription (or trial) end; default start + 3 months on a trial, else start + one period. */
  endDate?: Date | null;
  adminNotes?: string | null;
  now?: Date;
  /**
   * Add Provider only: an expired registration may be listed by an admin (decision 0506); one no
   * longer on the register never is.
   */
  expiredAllowed?: boolean;
  /**
   * The version of the owner's draft the admin was shown (`ClaimDetail.draft.version`); absent or
   * "" when they were shown none. Approval refuses (`draft-changed`) when the draft it would
   * publish is another (decision 0268).
   */
  draftSeen?: string | null;
}

export type ApproveClaimResult =
  | { status: "not-found" }
  | { status: "rejected" }
  | { status: "already-approved"; userId: string | null }
  | { status: "claimed-by-other" }
  /** The contact's account already has `other` (an account manages one listing). */
  | { status: "other-listing"; other: OtherListing }
  /** The registration expired or left the register since the claim was made: nothing changed. */
  | { status: "not-in-force"; registrationNumber: string; registration: RegistrationState }
  | { status: "invalid-dates" }
  /** The owner's draft changed since the admin's page was loaded: nothing changed (decision 0268). */
  | { status: "draft-changed" }
  | {
      status: "approved";
      userId: string | null;
      /** False when the account step failed and was rolled back (partial success). */
      accountLinked: boolean;
      warnings: string[];
      registrationNumber: string;
      businessName: string;
    };

type ApprovalLog = { error: (o: object, m: string) => void };

/**
 * 1. Lock the claim, the directory entry and any claimed listing; only a pending claim of a
 * registration in force goes on.
 */
async function lockPendingClaim(trx: Database, input: ApproveClaimInput, now: Date) {
  const claim = await lockClaim(trx, input.claimId);
  if (!claim) return { status: "not-found" } as const;
  if (claim.status === "rejected") return { status: "rejected" } as const;
  if (claim.status === "approved") return { status: "already-approved", userId: claim.user_id } as const;

  const entry = await trx
    .selectFrom("directory_entries")
    .select(["registration_number", "business_name"])
    .select(["expiry_date", "registration_tier", "on_register", "removed_at"])
    .where("registration_number", "=", claim.registration_number)
    .forUpdate()
    .executeTakeFirst();
  // The register as it is now, not as it was when the claim was made (the wizard checked then).
  const registration = entry ? registrationState(entry, now) : null;
  if (registration && !isInForce(registration) && !(registration.state === "expired" && input.expiredAllowed))
    return { status: "not-in-force", registrationNumber: claim.registration_number, registration } as const;
  const existing = await trx
    .selectFrom("claimed_listings")
    .select(["id", "user_id", "verified", "company_name", "logo_url", "draft"])
    .where("registration_number", "=", claim.registration_number)
    .forUpdate()
    .executeTakeFirst();
  if (existing?.verified && existing.user_id && existing.user_id !== claim.user_id)
    return { status: "claimed-by-other" } as const;
  // The account the listing would go to (step 2 finds it by the contact's address).
  // Another pending claim counts only when it came first (first come, first served).
  const other = await otherListingOfAddress(trx, claim.contact_email, claim.registration_number, {
    lock: true,
    claimedAt: claim.created_at,
  });
  if (other) return { status: "other-listing", other } as const;
  // The draft this approval would publish, read under the listing's lock (a save on /company waits
  // for it): the one the admin was shown, or none (decision 0268).
  if (draftVersion(draftToPublish(existing, claim.user_id)) !== (input.draftSeen ?? ""))
    return { status: "draft-changed" } as const;
  const businessName = existing?.company_name?.trim() || entry?.business_name || claim.registration_number;
  return { status: "pending", claim, existing, businessName } as const;
}

type PendingClaim = Extract<Awaited<ReturnType<typeof lockPendingClaim>>, { status: "pending" }>;
type Approval = { start: Date; end: Date; now: Date; userId: string | null; warnings: string[] };

/** 2. The account, in a savepoint of its own: a failure here is rolled back alone. */
async function linkAccount(
  trx: Database,
  config: Pick<Config, "publicUrl">,
  { claim, businessName }: PendingClaim,
  warnings: string[],
  log?: ApprovalLog,
): Promise<{ userId: string | null; accountLinked: boolean }> {
  await sql`SAVEPOINT claim_account`.execute(trx);
  try {
    const userId = (
      await sendClaimApprovedInvitation(trx, config, { email: claim.contact_email, businessName })
    ).userId;
    await sql`RELEASE SAVEPOINT claim_account`.execute(trx);
    return { userId, accountLinked: true };
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT claim_account`.execute(trx);
    log?.error({ err: error, claimId: claim.id }, "claim approval: account step failed");
    warnings.push(CLAIM_TEXT.warnAccountProblem, CLAIM_TEXT.warnAccountFailed);
    // Keep the link the claim already had, if that account still exists.
    return { userId: claim.user_id, accountLinked: false };
  }
}

/** 3. The listing and the directory entry (any failure aborts the whole approval). */
async function writeVerifiedListing(
  trx: Database,
  input: ApproveClaimInput,
  { claim, existing, businessName }: PendingClaim,
  { start, end, now, userId, warnings }: Approval,
) {
  // An unverified listing another account holds (an admin gave it to them, or its claimant's
  // account is gone, or Add Provider over it): what that holder saved, their sites and customers
  // and their draft, does not pass to this claim's owner (decision 0256).
  const foreign = heldByAnother(existing, claim.user_id);
  const forgotten = foreign ? await forgetSavedParties(trx, claim.registration_number) : null;
  const listing = {
    user_id: userId,
    company_name: businessName,
    phone: claim.contact_phone,
    email: claim.contact_email,
    website: claim.website,
    about: claim.about,
    services: claim.services,
    areas_covered: claim.areas_covered,
    logo_url: claim.logo_url ?? existing?.logo_url ?? null,
    subscription_plan: input.plan,
    subscription_period: input.period,
    subscription_start_date: start,
    subscription_end_date: end,
    is_on_free_trial: input.freeTrial,
    verified: true,
    suspended_at: null,
    updated_at: now,
    ...(foreign ? { draft: null } : {}),
  };
  await trx
    .insertInto("claimed_listings")
    .values({ registration_number: claim.registration_number, ...listing, created_at: now })
    .onConflict((oc) => oc.column("registration_number").doUpdateSet(listing))
    .execute();
  // What the owner saved on /company while the claim waited (a draft) wins over the claim's fields:
  // the draft the admin was shown (checked in step 1, under the same lock).
  const draft = await publishListingDraft(trx, claim.registration_number, now);
  const marked = await trx
    .updateTable("directory_entries")
    .set({ is_claimed: true })
    .where("registration_number", "=", claim.registration_number)
    .executeTakeFirst();
  if (Number(marked.numUpdatedRows) === 0) warnings.push(CLAIM_TEXT.warnNoEntry);
  // The logos the listing named before (published and drafted) that no row names now.
  const unusedLogoUrls = existing ? await unusedLogos(trx, logoUrlsOf(existing)) : [];
  return { ...draft, forgotten, unusedLogoUrls };
}

/** 4. The claim and its audit row. */
async function markClaimApproved(
  trx: Database,
  input: ApproveClaimInput,
  { claim }: PendingClaim,
  { start, end, now, userId, warnings }: Approval,
  accountLinked: boolean,
  listing: { published: boolean; forgotten: { sites: number; customers: number } | null },
): Promise<void> {
  await trx
    .updateTable("claim_requests")
    .set({
      status: "approved",
      admin_notes: input.adminNotes?.trim() || claim.admin_notes,
      subscription_plan: input.plan,
      subscription_period: input.period,
      user_id: userId,
      reviewed_by: input.adminId,
      reviewed_at: now,
      updated_at: now,
    })
    .where("id", "=", claim.id)
    .execute();
  await recordAudit(trx, {
    actorUserId: input.adminId,
    action: "claim.approved",
    entity: "claim_request",
    entityId: claim.id,
    details: {
      registrationNumber: claim.registration_number,
      plan: input.plan,
      period: input.period,
      freeTrial: input.freeTrial,
      start: start.toISOString(),
      end: end.toISOString(),
      accountLinked,
      draftPublished: listing.published,
      // Which draft: the version the admin was shown and approved (decision 0268).
      ...(listing.published && input.draftSeen ? { draftVersion: input.draftSeen } : {}),
      ...(listing.forgotten ? { savedPartiesDeleted: listing.forgotten } : {}),
      warnings,
    },
    at: now,
  });
}

export async function approveClaim(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: ApproveClaimInput,
  log?: ApprovalLog,
  files?: FileRemoval,
): Promise<ApproveClaimResult> {
  const now = input.now ?? new Date();
  const start = input.startDate ?? now;
  const end =
    input.endDate ??
    addMonths(start, input.freeTrial ? FREE_TRIAL_MONTHS : input.period === "yearly" ? 12 : 1);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start)
    return { status: "invalid-dates" };

  let unusedLogoUrls: string[] = [];
  const result = await db.transaction().execute(async (trx): Promise<ApproveClaimResult> => {
    const pending = await lockPendingClaim(trx, input, now);
    if (pending.status !== "pending") return pending;
    const { claim, businessName } = pending;

    const warnings: string[] = [];
    const { userId, accountLinked } = await linkAccount(trx, config, pending, warnings, log);
    const approval = { start, end, now, userId, warnings };
    const draft = await writeVerifiedListing(trx, input, pending, approval);
    unusedLogoUrls = draft.unusedLogoUrls;
    await markClaimApproved(trx, input, pending, approval, accountLinked, draft);
    return {
      status: "approved",
      userId,
      accountLinked,
      warnings,
      registrationNumber: claim.registration_number,
      businessName,
    };
  });
  if (result.status === "approved") {
    await directoryChanged(db);
    await removeLogoFiles(files, unusedLogoUrls);
  }
  return result;
}
