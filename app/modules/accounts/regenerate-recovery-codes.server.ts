/**
 * New recovery codes (the old ones stop working), after a fresh code from the app. Wrong codes count
 * against the same per-account limit as turning two-factor off (decision 0409).
 */
import type { Database } from "~/platform/db/database.server";
import { beginCheck } from "./account-checks.server";
import { BACKOFFS, limitKeys } from "./limits.server";
import { matchTotp, newRecoveryCodes } from "./totp.server";

export async function regenerateRecoveryCodes(
  db: Database,
  input: { userId: string; code: string; now?: number; sessionToken?: string | null },
): Promise<
  | { status: "ok"; recoveryCodes: string[] }
  | { status: "invalid-code" }
  | { status: "not-enabled" }
  | { status: "rate-limited"; retryAt: Date }
> {
  const user = await db
    .selectFrom("users")
    .select(["totp_secret", "totp_enabled_at", "totp_last_step"])
    .where("id", "=", input.userId)
    .executeTakeFirstOrThrow();
  if (!user.totp_secret || !user.totp_enabled_at) return { status: "not-enabled" };
  const gate = await beginCheck(db, {
    key: limitKeys.accountCode(input.userId),
    policy: BACKOFFS.accountCode,
    sessionToken: input.sessionToken,
    now: new Date(input.now ?? Date.now()),
  });
  if (!gate.allowed) return { status: "rate-limited", retryAt: gate.retryAt };
  const step = matchTotp(user.totp_secret, input.code, user.totp_last_step, input.now);
  await gate.settle(step !== null);
  if (step === null) return { status: "invalid-code" };
  const { codes, hashes } = newRecoveryCodes();
  await db
    .updateTable("users")
    .set({ recovery_codes: hashes, totp_last_step: step, updated_at: new Date() })
    .where("id", "=", input.userId)
    .execute();
  return { status: "ok", recoveryCodes: codes };
}
