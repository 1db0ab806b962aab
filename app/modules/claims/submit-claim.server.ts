/**
 * The claim wizard's submit: in one transaction, creates the account (or uses the signed-in
 * one), the pending claim request and an unverified claimed listing that links the account to
 * the business until an admin decides (the company area shows it as 'Awaiting Approval'; the
 * public site ignores unverified listings). The business row is locked first, so two claims for
 * the same business cannot both pass the checks; the partial unique index is the last word.
 *
 * An e-mail that already has an account is not refused (that would tell anyone typing an address
 * whether it has an account): the claim is added to that account, exactly as for a new one, and
 * the address is e-mailed "you already have an account: sign in to see your claim" instead of a
 * confirmation link. The password typed is not used. Decision 0410. When that account already
 * manages (or has claimed) another listing, the e-mail says this claim cannot be approved for it,
 * and how to go on; the visitor's answer is the same (decision 0254).
 *
 * A licence document (checked beforehand by checkLicenceDocument) is stored privately under the
 * new claim's id just before the transaction commits; if the commit fails, the file is removed
 * again (decision 0506). A draft logo of the previous holder of an unverified listing this claim
 * takes over goes with their draft: its files are deleted after the commit (decision 0271).
 */
import { notifyAdmins, type NotifyConfig } from "~/modules/admin-notifications/notify-admins.server";
import crypto from "node:crypto";
import { signUp } from "~/modules/accounts/sign-up.server";
import { inTransaction } from "~/modules/accounts/tx.server";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { logoUrlsOf, removeLogoFiles, unusedLogos } from "~/modules/company/unused-logos.server";
import { forgetSavedParties } from "~/modules/waste-notes/saved-parties.server";
import type { Database } from "~/platform/db/database.server";
import { links } from "~/modules/accounts/links.server";
import { claimForExistingAccountEmail } from "~/platform/email/templates.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import type { FileRemoval } from "~/platform/storage/remove-files.server";
import type { Storage } from "~/platform/storage/storage.server";
import { cleanServices, splitAreas, type Period, type Plan } from "./constants";
import { normaliseWebsite } from "./claim-form";
import { findClaimTarget } from "./find-claim-target.server";
import { licenceKey, licenceUrl, storeLicenceDocument, type CheckedLicence } from "./licence-document.server";
import { otherListingOf } from "./other-listing.server";

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
  /** The registration certificate, already checked (optional). */
  licence?: CheckedLicence | null;
}

export type SubmitClaimResult =
  | {
      status: "submitted";
      claimId: string;
      userId: string;
      email: string;
      /**
       * The visitor is told to check their e-mail (a confirmation link for a new account, or "you
       * already have an account" for an existing one: the same answer either way).
       */
      needsConfirmation: boolean;
      /** A new account was made (with confirmation off it may be signed in at once). */
      newAccount: boolean;
      businessName: string;
    }
  | { status: "missing" | "not-found" | "claimed" | "pending" }
  | { status: "expired" | "removed"; since: string | null; businessName: string }
  | { status: "weak-password" | "rate-limited" }
  /** The signed-in account manages, or has claimed, another listing (an account manages one). */
  | { status: "other-listing"; registrationNumber: string };

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "23505";
}

type ClaimBusiness = { registrationNumber: string; businessName: string };
type SubmitClaimOptions = {
  account?: { id: string; email: string } | null;
  ip?: string | null;
  now?: Date;
  storage?: Storage;
  /** Where a file that could not be deleted is reported. */
  log?: FileRemoval["log"];
};
type Claimant = {
  userId: string;
  email: string;
  needsConfirmation: boolean;
  newAccount: boolean;
  existingAccount: boolean;
};

/**
 * Who claims: the signed-in account, a new one, or (told by e-mail, unseen by the visitor) the
 * account that already has the address.
 */
async function resolveClaimant(
  trx: Database,
  config: Pick<Config, "publicUrl" | "EMAIL_CONFIRMATION">,
  input: ClaimSubmission,
  options: SubmitClaimOptions,
  business: ClaimBusiness,
  now: Date,
): Promise<Claimant | { status: "weak-password" | "rate-limited" }> {
  if (options.account) {
    return {
      userId: options.account.id,
      email: options.account.email,
      needsConfirmation: false,
      newAccount: false,
      existingAccount: false,
    };
  }
  const account = await signUp(trx, config, {
    email: input.contactEmail,
    password: input.password ?? "",
    ip: options.ip,
    now,
  });
  if (account.status === "weak-password" || account.status === "rate-limited")
    return { status: account.status } as const;
  if (account.status === "created") {
    return {
      userId: account.userId,
      email: account.email,
      needsConfirmation: account.needsConfirmation,
      newAccount: true,
      existingAccount: false,
    };
  }
  // The owner of the address is told by e-mail; the visitor sees what a new claimant sees. An
  // account that already has a listing is told that this claim cannot be approved for it (an
  // account manages one listing; the admin's review says so too): decision 0254.
  const other = await otherListingOf(trx, account.userId, business.registrationNumber);
  await queueEmail(
    trx,
    claimForExistingAccountEmail(account.email, {
      businessName: business.businessName,
      loginUrl: links.login(config),
      resetUrl: links.requestReset(config),
      contactUrl: `${config.publicUrl}/contact`,
      otherListing: other,
    }),
  );
  return {
    userId: account.userId,
    email: account.email,
    needsConfirmation: true,
    newAccount: false,
    existingAccount: true,
  };
}

/**
 * The pending claim request and the account's unverified link to the business; the claim's id, and
 * the logos a taken-over draft named that no row names now.
 */
async function insertClaimRows(
  trx: Database,
  input: ClaimSubmission,
  claimId: string,
  business: ClaimBusiness,
  claimant: Claimant,
  now: Date,
): Promise<{ claimId: string; unusedLogoUrls: string[] }> {
  const { userId, email } = claimant;
  const details = {
    website: input.website ? normaliseWebsite(input.website) : null,
    about: input.about?.trim() || null,
    services: cleanServices(input.services),
    areas_covered: splitAreas(input.areas ?? ""),
  };
  const claim = await trx
    .insertInto("claim_requests")
    .values({
      id: claimId,
      registration_number: business.registrationNumber,
      user_id: userId,
      contact_name: input.contactName.trim(),
      contact_email: email,
      contact_phone: input.contactPhone.trim(),
      ...details,
      subscription_plan: input.plan,
      subscription_period: input.period,
      status: "pending",
      ...(input.licence
        ? {
            license_document_url: licenceUrl(claimId),
            // The file itself is written last (in submitClaim), once everything else has passed.
            license_document_key: licenceKey(claimId, input.licence.type),
            license_document_type: input.licence.type,
            license_document_size: input.licence.bytes.length,
            license_document_name: input.licence.name,
          }
        : {}),
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  // An unverified listing left without a pending claim (its claimant's account gone, or given by
  // an admin to an account whose claim was then rejected) passes to this claimant: what its holder
  // saved, their sites and customers and their draft, is not theirs (decision 0256). The business
  // row is locked, so nobody claims meanwhile.
  const previous = await trx
    .selectFrom("claimed_listings")
    .select(["user_id", "verified", "logo_url", "draft"])
    .where("registration_number", "=", business.registrationNumber)
    .forUpdate()
    .executeTakeFirst();
  const takeover = previous !== undefined && !previous.verified && previous.user_id !== userId;
  if (takeover) await forgetSavedParties(trx, business.registrationNumber);

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
    ...(takeover ? { draft: null } : {}),
  };
  await trx
    .insertInto("claimed_listings")
    .values({ registration_number: business.registrationNumber, ...listing, created_at: now })
    .onConflict((oc) =>
      oc.column("registration_number").doUpdateSet(listing).where("claimed_listings.verified", "=", false),
    )
    .execute();
  const dropped = takeover && previous ? logoUrlsOf(previous) : [];
  return { claimId: claim.id, unusedLogoUrls: await unusedLogos(trx, dropped) };
}

async function auditClaimSubmitted(
  trx: Database,
  input: ClaimSubmission,
  claimRequestId: string,
  business: ClaimBusiness,
  claimant: Claimant,
  now: Date,
): Promise<void> {
  await recordAudit(trx, {
    actorUserId: claimant.userId,
    action: "claim.submitted",
    entity: "claim_request",
    entityId: claimRequestId,
    // Submitted signed out for an account that already existed: its owner did not sign in to do it.
    details: {
      registrationNumber: business.registrationNumber,
      plan: input.plan,
      period: input.period,
      ...(claimant.existingAccount ? { existingAccount: true } : {}),
      ...(input.licence ? { licenceDocument: input.licence.type } : {}),
    },
    at: now,
  });
}

export async function submitClaim(
  db: Database,
  config: Pick<Config, "publicUrl" | "EMAIL_CONFIRMATION"> & NotifyConfig,
  input: ClaimSubmission,
  options: SubmitClaimOptions = {},
): Promise<SubmitClaimResult> {
  const now = options.now ?? new Date();
  if (input.licence && !options.storage) throw new Error("submitClaim: a licence document needs the storage");
  const claimId = crypto.randomUUID();
  let storedKey: string | null = null;
  let unusedLogoUrls: string[] = [];
  try {
    const result = await inTransaction(db, async (trx) => {
      const target = await findClaimTarget(trx, input.registrationNumber, { lock: true, now });
      if (target.status === "expired" || target.status === "removed") {
        return {
          status: target.status,
          since: target.since,
          businessName: target.business.businessName,
        } as const;
      }
      if (target.status !== "claimable") return { status: target.status } as const;
      const business = target.business;

      if (options.account) {
        const other = await otherListingOf(trx, options.account.id, business.registrationNumber);
        if (other) return { status: "other-listing", registrationNumber: other.registrationNumber } as const;
      }
      const claimant = await resolveClaimant(trx, config, input, options, business, now);
      if ("status" in claimant) return claimant;
      const rows = await insertClaimRows(trx, input, claimId, business, claimant, now);
      const claimRequestId = rows.claimId;
      unusedLogoUrls = rows.unusedLogoUrls;
      await auditClaimSubmitted(trx, input, claimRequestId, business, claimant, now);
      await notifyAdmins(trx, config, {
        kind: "claim",
        title: `${business.businessName} (${business.registrationNumber}), from ${input.contactName}`,
        path: `/admin/claim-requests?claim=${claimRequestId}`,
      });
      if (input.licence) {
        // Last, so that a refusal above leaves no file behind; removed again if the commit fails.
        storedKey = licenceKey(claimId, input.licence.type);
        await storeLicenceDocument(options.storage!, claimId, input.licence);
      }
      return {
        status: "submitted",
        claimId: claimRequestId,
        userId: claimant.userId,
        email: claimant.email,
        needsConfirmation: claimant.needsConfirmation,
        newAccount: claimant.newAccount,
        businessName: business.businessName,
      } as const;
    });
    // Once committed (a caller's own transaction has not committed yet: its files stay).
    if (!db.isTransaction && options.storage)
      await removeLogoFiles({ storage: options.storage, log: options.log }, unusedLogoUrls);
    return result;
  } catch (error) {
    if (storedKey) await options.storage!.delete(storedKey).catch(() => undefined);
    // Another claim for this business won the race: the partial unique index refused this one.
    if (isUniqueViolation(error)) return { status: "pending" };
    throw error;
  }
}
