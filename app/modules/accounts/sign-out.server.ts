/** Revokes the session behind a token. Signing out twice, or with no session, is harmless. */
import type { Database } from "~/platform/db/database.server";
import { revokeSessionByToken } from "~/platform/session.server";

export async function signOut(db: Database, token: string | null): Promise<void> {
  if (token) await revokeSessionByToken(db, token);
}
