/**
 * The administrators' e-mail list (admin_emails): who may use /admin. Addresses are stored
 * lower-case; an admin cannot remove their own address or the last one, and one removed meanwhile
 * removes nobody. Each change is written to audit_log.
 *
 * Adding an address e-mails it in the same transaction (decision 0507): with no account in use, an
 * invitation with a set-password link (the account is created without a password, so "Forgot your
 * password?" works for it too); with an account in use (a password and a confirmed e-mail), a
 * notice that it is now an administrator. The list shows "Invited" until the link is used, and an
 * invitation can be sent again.
 */
import { normaliseEmail } from "~/platform/email-address";
import { sql } from "kysely";
import { inviteOrNotify } from "~/modules/accounts/create-invitation.server";
import { links } from "~/modules/accounts/links.server";
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";
import type { Config } from "~/platform/env.server";
import { adminGrantedEmail, adminInvitationEmail } from "./emails.server";

export class AdminEmailError extends Error {}

export type AdminAccountState =
  /** The account has a password and a confirmed e-mail: they can sign in. */
  | "active"
  /** Invited: no password yet (or an unconfirmed account); the set-password link is the way in. */
  | "invited"
  /** No account at all (an address added before invitations were sent, or by hand). */
  | "no-account";

export interface AdminEmailRow {
  email: string;
  createdAt: string;
  /** An account that can sign in (same as state === "active"). */
  hasAccount: boolean;
  state: AdminAccountState;
  /** The latest invitation: when it was sent and until when its link works (null: never sent). */
  invitation: { sentAt: string; expiresAt: string; usable: boolean } | null;
}

export async function listAdminEmails(db: Database, now = new Date()): Promise<AdminEmailRow[]> {
  const rows = await db
    .selectFrom("admin_emails as a")
    .leftJoin("users as u", "u.email", "a.email")
    // The latest invitation of the address's account.
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom("verifications as v")
          .select(["v.created_at", "v.expires_at", "v.used_at"])
          .whereRef("v.user_id", "=", "u.id")
          .where("v.purpose", "=", "invite")
          .orderBy("v.created_at", "desc")
          .limit(1)
          .as("i"),
      (join) => join.onTrue(),
    )
    .select([
      "a.email",
      "a.created_at",
      "u.id as user_id",
      sql<boolean>`u.password_hash IS NOT NULL AND u.email_confirmed_at IS NOT NULL`.as("active"),
      "i.created_at as invited_at",
      "i.expires_at as invite_expires_at",
      "i.used_at as invite_used_at",
    ])
    .orderBy("a.email")
    .execute();
  return rows.map((r) => {
    const state: AdminAccountState = r.active ? "active" : r.user_id ? "invited" : "no-account";
    const sentAt = r.invited_at ? new Date(r.invited_at) : null;
    const expiresAt = r.invite_expires_at ? new Date(r.invite_expires_at) : null;
    return {
      email: r.email,
      createdAt: r.created_at.toISOString(),
      hasAccount: state === "active",
      state,
      invitation:
        state !== "active" && sentAt && expiresAt
          ? {
              sentAt: sentAt.toISOString(),
              expiresAt: expiresAt.toISOString(),
              usable: !r.invite_used_at && expiresAt > now,
            }
          : null,
    };
  });
}

export type AddAdminResult =
  /** Added; the address was e-mailed a set-password link (valid until `expiresAt`). */
  | { status: "invited"; email: string; expiresAt: Date }
  /** Added; the address already had an account in use and was told it is now an administrator. */
  | { status: "notified"; email: string }
  /** Already an administrator: nothing changed, nothing sent. */
  | { status: "exists"; email: string };

type Actor = { id: string; email: string };

/** Invites or notifies `email` (the caller's transaction). */
function sendAdminWelcome(
  db: Database,
  config: Pick<Config, "publicUrl">,
  email: string,
  actor: Actor,
  now?: Date,
) {
  return inviteOrNotify(db, config, {
    email,
    requireConfirmed: true,
    now,
    invitation: (url, expiresAt) =>
      adminInvitationEmail({ to: email, url, expiresAt, invitedBy: actor.email }),
    notice: () => adminGrantedEmail({ to: email, loginUrl: links.login(config), invitedBy: actor.email }),
  });
}

export async function addAdminEmail(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: { email: string; actor: Actor; now?: Date },
): Promise<AddAdminResult> {
  const email = normaliseEmail(input.email);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("admin_emails")
      .values({ email, created_by: input.actor.id })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("email")
      .executeTakeFirst();
    if (!row) return { status: "exists", email } as const;
    const sent = await sendAdminWelcome(trx, config, email, input.actor, input.now);
    await audit(trx, input.actor.id, "admin_email.added", email, { sent: sent.sent });
    return sent.sent === "invitation"
      ? ({ status: "invited", email, expiresAt: sent.expiresAt! } as const)
      : ({ status: "notified", email } as const);
  });
}

/**
 * Sends an administrator who has not set a password yet a new invitation (the earlier link stops
 * working). Refused for an address that is not an administrator, or whose account is in use.
 */
export async function resendAdminInvitation(
  db: Database,
  config: Pick<Config, "publicUrl">,
  input: { email: string; actor: Actor; now?: Date },
): Promise<{ email: string; expiresAt: Date }> {
  const email = normaliseEmail(input.email);
  return db.transaction().execute(async (trx) => {
    const admin = await trx
      .selectFrom("admin_emails")
      .select("email")
      .where("email", "=", email)
      .forUpdate()
      .executeTakeFirst();
    if (!admin) throw new AdminEmailError("That e-mail address is not an administrator");
    const user = await trx
      .selectFrom("users")
      .select(["password_hash", "email_confirmed_at"])
      .where("email", "=", email)
      .executeTakeFirst();
    if (user?.password_hash && user.email_confirmed_at)
      throw new AdminEmailError(`${email} has already set a password: they can sign in`);
    const sent = await sendAdminWelcome(trx, config, email, input.actor, input.now);
    await audit(trx, input.actor.id, "admin_email.invitation_resent", email);
    return { email, expiresAt: sent.expiresAt! };
  });
}

export async function removeAdminEmail(
  db: Database,
  email: string,
  actor: { id: string; email: string },
): Promise<void> {
  const normalised = normaliseEmail(email);
  if (normalised === normaliseEmail(actor.email))
    throw new AdminEmailError("You cannot remove your own administrator access");
  await db.transaction().execute(async (trx) => {
    // Lock the list so two admins removing each other at once cannot leave none, and decide on
    // the list as it is now: an admin removed meanwhile (by the admin they are removing, say)
    // removes nobody (decision 0263).
    const all = await trx.selectFrom("admin_emails").select("email").forUpdate().execute();
    if (!all.some((r) => r.email === normalised))
      throw new AdminEmailError("That e-mail address is not an administrator");
    if (all.length <= 1) throw new AdminEmailError("The last administrator cannot be removed");
    const actorEmail = normaliseEmail(actor.email);
    if (!all.some((r) => normaliseEmail(r.email) === actorEmail))
      throw new AdminEmailError("You are no longer an administrator");
    await trx.deleteFrom("admin_emails").where("email", "=", normalised).execute();
    // An invitation not yet used stops working: it was sent to make them an administrator.
    await trx
      .updateTable("verifications")
      .set({ used_at: new Date() })
      .where("purpose", "=", "invite")
      .where("used_at", "is", null)
      .where("user_id", "in", (eb) =>
        eb
          .selectFrom("users")
          .select("id")
          .where("email", "=", normalised)
          .where("password_hash", "is", null),
      )
      .execute();
    await audit(trx, actor.id, "admin_email.removed", normalised);
  });
}

async function audit(
  db: Database,
  actorId: string,
  action: string,
  email: string,
  extra: Record<string, unknown> = {},
) {
  await recordAudit(db, {
    actorUserId: actorId,
    action,
    entity: "admin_email",
    entityId: email,
    details: { email, ...extra },
  });
}
