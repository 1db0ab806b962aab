/**
 * Creates an account with a password (used by the claim wizard). With EMAIL_CONFIRMATION on, a
 * confirmation link is e-mailed and sign-in waits for it; otherwise the account is usable at once.
 * Rate-limited per client IP. The password is hashed before the e-mail is looked at, so an e-mail that
 * already has an account takes as long as a new one.
 */
import type { Database } from "~/platform/db/database.server";
import type { Config } from "~/platform/env.server";
import { hit } from "~/platform/rate-limit.server";
import { LIMITS, limitKeys } from "./limits.server";
import { normaliseEmail } from "~/platform/email-address";
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./passwords.server";
import { sendConfirmation } from "./send-confirmation.server";
import { inTransaction } from "./tx.server";

export type SignUpResult =
  | { status: "created"; userId: string; email: string; needsConfirmation: boolean }
  /** The e-mail already has an account (for the caller only: visitors must not be told; decision 0410). */
  | { status: "exists"; userId: string; email: string }
  | { status: "weak-password" }
  | { status: "rate-limited" };

export async function signUp(
  db: Database,
  config: Pick<Config, "publicUrl" | "EMAIL_CONFIRMATION">,
  input: { email: string; password: string; ip?: string | null; now?: Date },
): Promise<SignUpResult> {
  const email = normaliseEmail(input.email);
  if (input.password.length < MIN_PASSWORD_LENGTH || input.password.length > MAX_PASSWORD_LENGTH)
    return { status: "weak-password" };
  const limit = await hit(db, limitKeys.signUpByIp(input.ip), LIMITS.signUpByIp, input.now);
  if (!limit.allowed) return { status: "rate-limited" };
  const passwordHash = await hashPassword(input.password);
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto("users")
      .values({
        email,
        password_hash: passwordHash,
        email_confirmed_at: config.EMAIL_CONFIRMATION ? null : new Date(),
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) {
      const existing = await trx
        .selectFrom("users")
        .select("id")
        .where("email", "=", email)
        .executeTakeFirstOrThrow();
      return { status: "exists", userId: existing.id, email } as const;
    }
    if (config.EMAIL_CONFIRMATION) await sendConfirmation(trx, config, { id: row.id, email });
    return {
      status: "created",
      userId: row.id,
      email,
      needsConfirmation: config.EMAIL_CONFIRMATION,
    } as const;
  });
}
