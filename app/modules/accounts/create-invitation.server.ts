/**
 * Invitations: an account (created without a password if needed) and a one-time link, valid for
 * 7 days, to set its password at /auth/invite.
 */
import type { Database } from "~/platform/db/database.server";
import { claimApprovedEmail, invitationEmail } from "~/platform/email/templates.server";
import { queueEmail, type EmailMessage } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { links } from "./links.server";
import { normalizeEmail } from "./normalize-email";
import { issueToken } from "./tokens.server";
import { inTransaction } from "./tx.server";

export interface Invitation {
  userId: string;
  email: string;
  /** The set-password link (contains the token: show it only to the person invited). */
  url: string;
  expiresAt: Date;
  /** True when the account already had a password. */
  hadPassword: boolean;
}

/** Finds or creates the user and issues an invite token. Sends nothing. */
export async function createInvitation(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: { email: string; now?: Date },
): Promise<Invitation> {
  const email = normalizeEmail(input.email);
  return inTransaction(db, async (trx) => {
    await trx.insertInto("users").values({ email }).onConflict((oc) => oc.column("email").doNothing()).execute();
    const user = await trx.selectFrom("users").select(["id", "password_hash"]).where("email", "=", email).executeTakeFirstOrThrow();
    const { token, expiresAt } = await issueToken(trx, { userId: user.id, email, purpose: "invite", now: input.now });
    return { userId: user.id, email, url: links.invite(config, token), expiresAt, hadPassword: user.password_hash !== null };
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
  return inTransaction(db, async (trx) => {
    const invitation = await createInvitation(trx, config, { email: input.email });
    let message: EmailMessage;
    if (invitation.hadPassword) {
      // The account works already: no set-password link (which would let a mailbox reader reset it).
      await trx
        .updateTable("verifications")
        .set({ used_at: new Date() })
        .where("user_id", "=", invitation.userId)
        .where("purpose", "=", "invite")
        .where("used_at", "is", null)
        .execute();
      message = claimApprovedEmail(invitation.email, links.login(config), input.businessName);
    } else {
      message = invitationEmail(invitation.email, invitation.url, input.businessName);
    }
    await queueEmail(trx, message);
    return { userId: invitation.userId };
  });
}
