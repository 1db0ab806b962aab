/** New recovery codes (the old ones stop working), after a fresh code from the app. */
import type { Database } from "~/platform/db/database.server";
import { matchTotp, newRecoveryCodes } from "./totp.server";

export async function regenerateRecoveryCodes(
  db: Database,
  input: { userId: string; code: string; now?: number },
): Promise<{ status: "ok"; recoveryCodes: string[] } | { status: "invalid-code" } | { status: "not-enabled" }> {
  const user = await db
    .selectFrom("users")
    .select(["totp_secret", "totp_enabled_at", "totp_last_step"])
    .where("id", "=", input.userId)
    .executeTakeFirstOrThrow();
  if (!user.totp_secret || !user.totp_enabled_at) return { status: "not-enabled" };
  const step = matchTotp(user.totp_secret, input.code, user.totp_last_step, input.now);
  if (step === null) return { status: "invalid-code" };
  const { codes, hashes } = newRecoveryCodes();
  await db.updateTable("users").set({ recovery_codes: hashes, totp_last_step: step, updated_at: new Date() }).where("id", "=", input.userId).execute();
  return { status: "ok", recoveryCodes: codes };
}
