/**
 * Suspending a claimed listing (admins, decision 0805): while `suspended_at` is set the public site
 * ignores the listing (provider-row.server.ts joins only verified, unsuspended listings), so the
 * profile and cards show the register's data only and no Premium features. The owner keeps the
 * account and the listing. A reason is required: it is audited and e-mailed to the owner in the
 * same transaction. Reinstating (reinstate-provider.server.ts) is the same change the other way;
 * repeating either is a no-op that sends nothing.
 * Only a verified listing is suspended (decision 0269): an unverified one (a pending claim's) is
 * not on the public site, and its claim is decided by approving or rejecting it. It is refused
 * under the listing's lock, nothing changed and nothing sent. A suspended one is always reinstated.
 */
import { recordAudit } from "~/modules/audit/record-audit.server";
import { directoryChanged } from "~/modules/directory/directory-changed.server";
import { isUuid } from "~/platform/db/keyset-page.server";
import type { Database } from "~/platform/db/database.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { providerReinstatedEmail, providerSuspendedEmail } from "./emails.server";
import { listingMail, lockListing, type LockedListing } from "./lock-listing.server";
import { checkReason, type SuspensionAction } from "./reason";

export type SuspensionResult =
  | { status: "not-found" }
  | { status: "invalid"; error: string }
  | { status: "unchanged" }
  /** Suspending an unverified listing (decision 0269): nothing changed. */
  | { status: "not-verified"; registrationNumber: string }
  | { status: "done"; registrationNumber: string; emailed: boolean };

export interface SuspensionInput {
  listingId: string;
  adminId: string;
  reason: string;
  now?: Date;
}

type Mailer = Pick<Config, "publicUrl">;

export const SUSPENSION_TEXT = {
  /** The refusal of a suspension of an unverified listing (decision 0269). */
  notVerified: (registrationNumber: string) =>
    `Only a verified listing can be suspended. ${registrationNumber} is not verified: its claimed details are not on the public site. To refuse its claim, reject it on Claim Requests. Nothing changed.`,
} as const;

function ownerEmail(
  config: Mailer,
  action: SuspensionAction,
  l: LockedListing & { owner_email: string },
  reason: string,
) {
  const mail = { ...listingMail(l, l.owner_email), reason };
  return action === "suspend"
    ? providerSuspendedEmail({ ...mail, contactUrl: `${config.publicUrl}/contact` })
    : providerReinstatedEmail({ ...mail, dashboardUrl: `${config.publicUrl}/company` });
}

/** Suspends (or reinstates) the listing with the admin's reason; the owner is e-mailed. */
export async function changeSuspension(
  db: Database,
  config: Mailer,
  action: SuspensionAction,
  input: SuspensionInput,
): Promise<SuspensionResult> {
  const checked = checkReason(action, input.reason);
  if (!checked.ok) return { status: "invalid", error: checked.error };
  if (!isUuid(input.listingId)) return { status: "not-found" };
  const now = input.now ?? new Date();
  const suspend = action === "suspend";
  const result = await db.transaction().execute(async (trx): Promise<SuspensionResult> => {
    const listing = await lockListing(trx, input.listingId);
    if (!listing) return { status: "not-found" };
    if ((listing.suspended_at !== null) === suspend) return { status: "unchanged" };
    // Decided on the locked row: an unverified listing is never suspended (decision 0269).
    if (suspend && !listing.verified)
      return { status: "not-verified", registrationNumber: listing.registration_number };
    await trx
      .updateTable("claimed_listings")
      // updated_at is left alone: it dates the listing's content (featured order, sitemaps), which did not change.
      .set({ suspended_at: suspend ? now : null })
      .where("id", "=", listing.id)
      .execute();
    await recordAudit(trx, {
      actorUserId: input.adminId,
      action: suspend ? "listing.suspended" : "listing.reinstated",
      entity: "claimed_listing",
      entityId: listing.id,
      details: { registrationNumber: listing.registration_number, reason: checked.reason },
      at: now,
    });
    const owner = listing.owner_email;
    if (owner)
      await queueEmail(trx, ownerEmail(config, action, { ...listing, owner_email: owner }, checked.reason));
    return { status: "done", registrationNumber: listing.registration_number, emailed: !!owner };
  });
  if (result.status === "done") await directoryChanged(db);
  return result;
}

export function suspendProvider(db: Database, config: Mailer, input: SuspensionInput) {
  return changeSuspension(db, config, "suspend", input);
}
