/**
 * Invitations: an account (created without a password if needed) and a one-time link, valid for
 * 7 days, to set its password at /auth/invite.
 */
import type { Database } from "~/platform/db/database.server";
import { claimApprovedEmail, invitationEmail } from "~/platform/email/templates.server";
import { queueEmail, type EmailMessage } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { revokeUserSessions } from "~/platform/session.server";
import { links } from "./links.server";
import { normaliseEmail } from "~/platform/email-address";
import { issueToken, voidTokens } from "./tokens.server";
import { inTransaction } from "./tx.server";

export interface Invitation {
  userId: string;
  email: string;
  /** The set-password link (contains the token: show it only to the person invited). */
  url: string;
  expiresAt: Date;
  /** True when the account already had a password. */
  hadPassword: boolean;
  /** True when the account's e-mail was already confirmed. */
  confirmed: boolean;
}

/** Finds or creates the user and issues an invite token. Sends nothing. */
export async function createInvitation(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: { email: string; now?: Date },
): Promise<Invitation> {
  const email = normaliseEmail(input.email);
  return inTransaction(db, async (trx) => {
    await trx
      .insertInto("users")
      .values({ email })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    // Locked: a confirmation link used meanwhile waits, so what is read here stays true.
    const user = await trx
      .selectFrom("users")
      .select(["id", "password_hash", "email_confirmed_at"])
      .where("email", "=", email)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const { token, expiresAt } = await issueToken(trx, {
      userId: user.id,
      email,
      purpose: "invite",
      now: input.now,
    });
    return {
      userId: user.id,
      email,
      url: links.invite(config, token),
      expiresAt,
      hadPassword: user.password_hash !== null,
      confirmed: user.email_confirmed_at !== null,
    };
  });
}

/**
 * An account with a password but no confirmed address, about to be invited (made an administrator,
 * given a listing): anyone may have signed it up with this address and a password of their own
 * (the claim wizard does, signed out). That password stops working, its confirmation links die
 * (signing in with it would have sent the address a fresh one: one click by the address's owner
 * would have confirmed the stranger's password) and its sessions end. The invitation, sent to the
 * address, is then the only way in (decision 0262). Call it in the invitation's transaction.
 */
export async function forgetUnconfirmedPassword(
  db: Database,
  userId: string,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: null, updated_at: now })
    .where("id", "=", userId)
    .where("email_confirmed_at", "is", null)
    .execute();
  await voidTokens(db, userId, ["confirm_email"], now);
  await revokeUserSessions(db, userId, { now });
}

/**
 * Invites `email` to set a password (`invitation(url)`), or, when its account is already in use,
 * tells its owner with `notice()` instead and leaves no set-password link behind (a link to an
 * account that works would let whoever reads the mailbox take it over). "In use" is a password,
 * and with `requireConfirmed` also a confirmed e-mail (an unconfirmed account may have been
 * signed up by someone else: its owner gets a link that sets their own password, and the password
 * it was signed up with stops working at once, `forgetUnconfirmedPassword`).
 * Pass the caller's transaction so that the e-mail is queued only if its change commits.
 */
export async function inviteOrNotify(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: {
    email: string;
    invitation: (url: string, expiresAt: Date) => EmailMessage;
    notice: () => EmailMessage;
    requireConfirmed?: boolean;
    now?: Date;
  },
): Promise<{ userId: string; email: string; sent: "invitation" | "notice"; expiresAt: Date | null }> {
  return inTransaction(db, async (trx) => {
    const invitation = await createInvitation(trx, config, { email: input.email, now: input.now });
    const inUse = invitation.hadPassword && (!input.requireConfirmed || invitation.confirmed);
    if (inUse) {
      await voidTokens(trx, invitation.userId, ["invite"], input.now);
      await queueEmail(trx, input.notice());
      return { userId: invitation.userId, email: invitation.email, sent: "notice", expiresAt: null } as const;
    }
    if (invitation.hadPassword && !invitation.confirmed)
      await forgetUnconfirmedPassword(trx, invitation.userId, input.now);
    await queueEmail(trx, input.invitation(invitation.url, invitation.expiresAt));
    return {
      userId: invitation.userId,
      email: invitation.email,
      sent: "invitation",
      expiresAt: invitation.expiresAt,
    } as const;
  });
}

/**
 * For the claims area, when an admin approves a claim: invites the contact to set a password (or,
 * when their account already has one, tells them the listing is approved and links to sign-in).
 * Pass the caller's transaction so that the e-mail is queued only if the approval commits.
 */
export async function sendClaimApprovedInvitation(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: { email: string; businessName?: string | null },
): Promise<{ userId: string }> {
  // The account works already: the approval notice with a sign-in link, no set-password link. An
  // account whose address was never confirmed may have been signed up by someone else with this
  // address (a claim names any address): its mailbox gets a link that sets its own password.
  const email = normaliseEmail(input.email);
  const r = await inviteOrNotify(db, config, {
    email,
    requireConfirmed: true,
    invitation: (url) => invitationEmail(email, url, input.businessName),
    notice: () => claimApprovedEmail(email, links.login(config), input.businessName),
  });
  return { userId: r.userId };
}
