/**
 * The administrators' e-mail list (admin_emails): who may use /admin. Addresses are stored
 * lower-case; an admin cannot remove their own address or the last one. Each change is written
 * to audit_log.
 */
import { sql } from "kysely";
import { recordAudit } from "~/modules/audit/record-audit.server";
import type { Database } from "~/platform/db/database.server";

export class AdminEmailError extends Error {}

export interface AdminEmailRow {
  email: string;
  createdAt: string;
  hasAccount: boolean;
}

export function normaliseAdminEmail(value: string): string {
  return value.trim().toLowerCase();
}

export async function listAdminEmails(db: Database): Promise<AdminEmailRow[]> {
  const rows = await db
    .selectFrom("admin_emails as a")
    .leftJoin("users as u", "u.email", "a.email")
    .select(["a.email", "a.created_at", sql<boolean>`u.id IS NOT NULL`.as("has_account")])
    .orderBy("a.email")
    .execute();
  return rows.map((r) => ({ email: r.email, createdAt: r.created_at.toISOString(), hasAccount: r.has_account }));
}

export async function addAdminEmail(db: Database, email: string, actor: { id: string }): Promise<"added" | "exists"> {
  const normalised = normaliseAdminEmail(email);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("admin_emails")
      .values({ email: normalised, created_by: actor.id })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("email")
      .executeTakeFirst();
    if (!row) return "exists";
    await audit(trx, actor.id, "admin_email.added", normalised);
    return "added";
  });
}

export async function removeAdminEmail(db: Database, email: string, actor: { id: string; email: string }): Promise<void> {
  const normalised = normaliseAdminEmail(email);
  if (normalised === normaliseAdminEmail(actor.email)) throw new AdminEmailError("You cannot remove your own administrator access");
  await db.transaction().execute(async (trx) => {
    // Lock the list so two admins removing each other at once cannot leave none.
    const all = await trx.selectFrom("admin_emails").select("email").forUpdate().execute();
    if (!all.some((r) => r.email === normalised)) throw new AdminEmailError("That e-mail address is not an administrator");
    if (all.length <= 1) throw new AdminEmailError("The last administrator cannot be removed");
    await trx.deleteFrom("admin_emails").where("email", "=", normalised).execute();
    await audit(trx, actor.id, "admin_email.removed", normalised);
  });
}

async function audit(db: Database, actorId: string, action: string, email: string) {
  await recordAudit(db, { actorUserId: actorId, action, entity: "admin_email", entityId: email, details: { email } });
}
