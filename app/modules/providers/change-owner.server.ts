/**
 * Changing a listing's owner (admins, decision 0805). One transaction: the listing is locked, the
 * new owner's account is found or created (accounts' inviteOrNotify: a set-password link when the
 * account is not in use yet, a sign-in notice when it is), the listing is given to it at once,
 * the previous owner loses the company area at once (it is looked up per request by owner) and is
 * signed out everywhere unless they are an administrator, the previous owner is told, and
 * `listing.owner_changed` is audited. An account manages one listing, so an address whose account
 * manages (or has a pending claim for) another listing is refused (claims' `otherListingOfAddress`,
 * the one rule, decision 0254). The listing's public e-mail, where customers' enquiries go, follows
 * the listing to the new owner when it is the previous owner's account address (`owner-contact.ts`,
 * decision 0263); any other address stays.
 *
 * The saved sites and customers (and notes, quotes, reviews) of an approved listing stay with it:
 * they are the business's records, and the new owner runs the same business. An unverified
 * listing's were its claimant's, who no longer holds it: they are deleted with its draft
 * (decision 0256), and the files of a logo that draft named once the change has committed
 * (decision 0271).
 */
import { z } from "zod";
import { inviteOrNotify } from "~/modules/accounts/create-invitation.server";
import { isAdmin } from "~/modules/accounts/is-admin.server";
import { links } from "~/modules/accounts/links.server";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { logoUrlsOf, removeLogoFiles, unusedLogos } from "~/modules/company/unused-logos.server";
import { CLAIM_TEXT } from "~/modules/claims/constants";
import { directoryChanged } from "~/modules/directory/directory-changed.server";
import { otherListingOfAddress } from "~/modules/claims/other-listing.server";
import { forgetSavedParties } from "~/modules/waste-notes/saved-parties.server";
import { isUuid } from "~/platform/db/keyset-page.server";
import type { Database } from "~/platform/db/database.server";
import { EMAIL_ADDRESS, EMAIL_MAX_LENGTH, normaliseEmail } from "~/platform/email-address";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import type { FileRemoval } from "~/platform/storage/remove-files.server";
import { revokeUserSessions } from "~/platform/session.server";
import { ownerInvitationEmail, ownerNoticeEmail, ownerRemovedEmail } from "./emails.server";
import { listingMail, lockListing } from "./lock-listing.server";
import { contactEmailFollowsOwner } from "./owner-contact";

export const OWNER_TEXT = {
  email: "Enter the new owner's email address",
  same: "This address is already the owner",
  other: CLAIM_TEXT.addressHasListing,
} as const;

export type ChangeOwnerResult =
  | { status: "not-found" }
  | { status: "invalid"; error: string }
  | {
      status: "done";
      registrationNumber: string;
      email: string;
      sent: "invitation" | "notice";
      /** The listing's public e-mail when it followed the owner (it was the previous owner's). */
      contactEmail?: string;
    };

type Mailer = Pick<Config, "publicUrl">;

const emailSchema = z.string().trim().max(EMAIL_MAX_LENGTH).regex(EMAIL_ADDRESS);

/** The previous owner: signed out (unless an administrator) and told. Returns the sessions ended. */
async function releaseOldOwner(
  trx: Database,
  config: Mailer,
  old: { id: string; email: string },
  mail: { businessName: string; registrationNumber: string },
  now: Date,
): Promise<number> {
  const ended = (await isAdmin(trx, old.email)) ? 0 : await revokeUserSessions(trx, old.id, { now });
  await queueEmail(
    trx,
    ownerRemovedEmail({ ...mail, to: old.email, contactUrl: `${config.publicUrl}/contact` }),
  );
  return ended;
}

/** The listing's draft (the row is locked), which an unverified listing's owner change drops. */
async function draftOf(trx: Database, listingId: string): Promise<unknown> {
  const row = await trx
    .selectFrom("claimed_listings")
    .select("draft")
    .where("id", "=", listingId)
    .executeTakeFirst();
  return row?.draft ?? null;
}

export async function changeProviderOwner(
  db: Database,
  config: Mailer,
  input: { listingId: string; email: string; adminId: string; now?: Date },
  files?: FileRemoval,
): Promise<ChangeOwnerResult> {
  const parsed = emailSchema.safeParse(input.email);
  if (!parsed.success) return { status: "invalid", error: OWNER_TEXT.email };
  if (!isUuid(input.listingId)) return { status: "not-found" };
  const email = normaliseEmail(parsed.data);
  const now = input.now ?? new Date();
  let unusedLogoUrls: string[] = [];
  const result = await db.transaction().execute(async (trx): Promise<ChangeOwnerResult> => {
    const listing = await lockListing(trx, input.listingId);
    if (!listing) return { status: "not-found" };
    if (listing.owner_email === email) return { status: "invalid", error: OWNER_TEXT.same };
    const other = await otherListingOfAddress(trx, email, listing.registration_number, { lock: true });
    if (other) return { status: "invalid", error: OWNER_TEXT.other(other) };
    const mail = listingMail(listing, email);
    const sent = await inviteOrNotify(trx, config, {
      email,
      requireConfirmed: true,
      now,
      invitation: (url) => ownerInvitationEmail({ ...mail, url }),
      notice: () => ownerNoticeEmail({ ...mail, loginUrl: links.login(config) }),
    });
    // An unverified listing's saved rows and draft were its claimant's (decision 0256).
    const forgotten = listing.verified ? null : await forgetSavedParties(trx, listing.registration_number);
    const droppedDraft = listing.verified ? null : await draftOf(trx, listing.id);
    // Customers' enquiries go to the listing's e-mail: the previous owner's address goes with them.
    const contactEmailReplaced = contactEmailFollowsOwner(listing.contact_email, listing.owner_email);
    await trx
      .updateTable("claimed_listings")
      .set({
        user_id: sent.userId,
        ...(listing.verified ? {} : { draft: null }),
        ...(contactEmailReplaced ? { email } : {}),
      })
      .where("id", "=", listing.id)
      .execute();
    if (droppedDraft)
      unusedLogoUrls = await unusedLogos(trx, logoUrlsOf({ logo_url: null, draft: droppedDraft }));
    const sessionsEnded =
      listing.user_id && listing.owner_email
        ? await releaseOldOwner(trx, config, { id: listing.user_id, email: listing.owner_email }, mail, now)
        : 0;
    await recordAudit(trx, {
      actorUserId: input.adminId,
      action: "listing.owner_changed",
      entity: "claimed_listing",
      entityId: listing.id,
      details: {
        registrationNumber: listing.registration_number,
        from: listing.owner_email,
        to: email,
        sent: sent.sent,
        sessionsEnded,
        contactEmailReplaced,
        ...(forgotten ? { savedPartiesDeleted: forgotten } : {}),
      },
      at: now,
    });
    return {
      status: "done",
      registrationNumber: listing.registration_number,
      email,
      sent: sent.sent,
      ...(contactEmailReplaced ? { contactEmail: email } : {}),
    };
  });
  // The listing's e-mail shows on its profile.
  if (result.status === "done" && result.contactEmail) await directoryChanged(db);
  await removeLogoFiles(files, unusedLogoUrls);
  return result;
}
