/**
 * The sign-in challenge: a pending session (password already checked) becomes a full session,
 * under a new token, when a current TOTP code or an unused recovery code is given.
 */
import type { Database } from "~/platform/db/database.server";
import { hit } from "~/platform/rate-limit.server";
import { createSessionRow, hashToken, resolveSession, revokeSessionByToken } from "~/platform/session.server";
import { isAdmin } from "./is-admin.server";
import { LIMITS } from "./limits.server";
import { hashRecoveryCode, looksLikeRecoveryCode, matchTotp } from "./totp.server";
import type { ClientInfo } from "./create-session.server";

export type SecondFactorResult =
  | { status: "ok"; token: string; user: { id: string; email: string; isAdmin: boolean }; usedRecoveryCode: boolean }
  | { status: "invalid-code" }
  | { status: "expired" }
  | { status: "rate-limited" };

export async function verifySecondFactor(
  db: Database,
  input: { pendingToken: string | null; code: string; now?: Date } & ClientInfo,
): Promise<SecondFactorResult> {
  const now = input.now ?? new Date();
  if (!input.pendingToken) return { status: "expired" };
  const session = await resolveSession(db, input.pendingToken, now);
  if (!session || session.mfaVerified) return { status: "expired" };
  const limit = await hit(db, `2fa:${hashToken(input.pendingToken)}`, LIMITS.secondFactor, now);
  if (!limit.allowed) {
    await revokeSessionByToken(db, input.pendingToken, now);
    return { status: "rate-limited" };
  }
  const user = await db
    .selectFrom("users")
    .select(["id", "email", "totp_secret", "totp_enabled_at", "totp_last_step", "recovery_codes"])
    .where("id", "=", session.userId)
    .executeTakeFirst();
  if (!user?.totp_secret || !user.totp_enabled_at) return { status: "expired" };

  let usedRecoveryCode = false;
  const step = matchTotp(user.totp_secret, input.code, user.totp_last_step, now.getTime());
  if (step !== null) {
    // Conditional update: two requests with the same code cannot both pass.
    const r = await db
      .updateTable("users")
      .set({ totp_last_step: step })
      .where("id", "=", user.id)
      .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return { status: "invalid-code" };
  } else if (looksLikeRecoveryCode(input.code)) {
    const hash = hashRecoveryCode(input.code);
    if (!user.recovery_codes.includes(hash)) return { status: "invalid-code" };
    const r = await db
      .updateTable("users")
      .set((eb) => ({ recovery_codes: eb.fn("array_remove", [eb.ref("recovery_codes"), eb.val(hash)]) }))
      .where("id", "=", user.id)
      .where((eb) => eb(eb.val(hash), "=", eb.fn.any("recovery_codes")))
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return { status: "invalid-code" };
    usedRecoveryCode = true;
  } else {
    return { status: "invalid-code" };
  }

  await revokeSessionByToken(db, input.pendingToken, now);
  const full = await createSessionRow(db, { userId: user.id, mfaVerified: true, ip: input.ip, userAgent: input.userAgent, now });
  return {
    status: "ok",
    token: full.token,
    user: { id: user.id, email: user.email, isAdmin: await isAdmin(db, user.email) },
    usedRecoveryCode,
  };
}
