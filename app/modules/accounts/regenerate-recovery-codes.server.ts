/**
 * New recovery codes (the old ones stop working), after a fresh code from the app. Wrong codes count
 * against the same per-account limit as turning two-factor off (decision 0409).
 */
import type { Database } from "~/platform/db/database.server";
import {
  beginTwoFactorChange,
  type TwoFactorChangeInput,
  type TwoFactorChangeRefused,
} from "./account-checks.server";
import { newRecoveryCodes } from "./totp.server";

export async function regenerateRecoveryCodes(
  db: Database,
  input: TwoFactorChangeInput,
): Promise<{ status: "ok"; recoveryCodes: string[] } | TwoFactorChangeRefused> {
  const check = await beginTwoFactorChange(db, input);
  if (check.status !== "open") return check;
  const { step } = check;
  await check.settle(step !== null);
  if (step === null) return { status: "invalid-code" };
  const { codes, hashes } = newRecoveryCodes();
  await db
    .updateTable("users")
    .set({ recovery_codes: hashes, totp_last_step: step, updated_at: new Date() })
    .where("id", "=", input.userId)
    .execute();
  return { status: "ok", recoveryCodes: codes };
}
