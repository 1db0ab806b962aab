/** Opens a session for a user whose credentials were checked. */
import type { Database } from "~/platform/db/database.server";
import { createSessionRow } from "~/platform/session.server";

export interface ClientInfo {
  ip?: string | null;
  userAgent?: string | null;
}

export async function createSession(
  db: Database,
  input: { userId: string; secondFactorDue: boolean; now?: Date } & ClientInfo,
): Promise<{ token: string; expiresAt: Date }> {
  return createSessionRow(db, {
    userId: input.userId,
    mfaVerified: !input.secondFactorDue,
    pending: input.secondFactorDue,
    ip: input.ip,
    userAgent: input.userAgent,
    now: input.now,
  });
}
