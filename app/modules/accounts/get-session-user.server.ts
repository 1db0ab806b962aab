/**
 * Who a session token belongs to, decided from the database on every request: the user, whether
 * they are an administrator (admin_emails, case-insensitive) and whether a second factor is due.
 */
import { sql } from "kysely";
import type { Database } from "~/platform/db/database.server";
import { resolveSession } from "~/platform/session.server";

export interface SessionUser {
  id: string;
  email: string;
  isAdmin: boolean;
  totpEnabled: boolean;
}

export type SessionLookup =
  | { kind: "none" }
  | { kind: "signed-in"; user: SessionUser; rolled: boolean; expiresAt: Date }
  /** Password checked; the second factor is still to come. */
  | { kind: "pending-2fa"; userId: string; email: string };

export async function getSessionUser(
  db: Database,
  token: string | null,
  now = new Date(),
): Promise<SessionLookup> {
  if (!token) return { kind: "none" };
  const session = await resolveSession(db, token, now);
  if (!session) return { kind: "none" };
  const row = await db
    .selectFrom("users as u")
    .leftJoin("admin_emails as a", (j) => j.on(sql`lower(a.email)`, "=", sql`lower(u.email)`))
    .select(["u.id", "u.email", "u.totp_enabled_at", "a.email as admin_email"])
    .where("u.id", "=", session.userId)
    .executeTakeFirst();
  if (!row) return { kind: "none" };
  const totpEnabled = row.totp_enabled_at !== null;
  if (totpEnabled && !session.mfaVerified) return { kind: "pending-2fa", userId: row.id, email: row.email };
  if (!totpEnabled && !session.mfaVerified) {
    // A pending session whose user turned two-factor off meanwhile: not a full session.
    return { kind: "none" };
  }
  return {
    kind: "signed-in",
    user: { id: row.id, email: row.email, isAdmin: row.admin_email !== null, totpEnabled },
    rolled: session.rolled,
    expiresAt: session.expiresAt,
  };
}
