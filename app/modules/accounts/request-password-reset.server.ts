/**
 * "Forgot password". The request itself only queues a job, whatever the e-mail: the answer and
 * its timing are the same for known and unknown addresses. The job sends the link (1 hour, single
 * use) if, and only if, an account exists.
 */
import type { Database } from "~/platform/db/database.server";
import { passwordResetEmail } from "~/platform/email/templates.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { enqueueJob, type JobHandler } from "~/platform/jobs/queue.server";
import { hit } from "~/platform/rate-limit.server";
import { LIMITS } from "./limits.server";
import { links } from "./links.server";
import { normalizeEmail } from "./normalize-email";
import { issueToken } from "./tokens.server";

export const RESET_JOB = "accounts.password-reset";

export async function requestPasswordReset(
  db: Database,
  input: { email: string; ip?: string | null; now?: Date },
): Promise<{ status: "accepted" } | { status: "rate-limited" }> {
  const email = normalizeEmail(input.email);
  const byIp = await hit(db, `reset:ip:${input.ip ?? "unknown"}`, LIMITS.resetByIp, input.now);
  if (!byIp.allowed) return { status: "rate-limited" };
  const byEmail = await hit(db, `reset:email:${email}`, LIMITS.resetByEmail, input.now);
  // Beyond the per-address limit nothing is sent, but the answer looks the same.
  if (byEmail.allowed) await enqueueJob(db, RESET_JOB, { email }, { maxAttempts: 3 });
  return { status: "accepted" };
}

/** The job: issue a token and queue the e-mail when the account exists. */
export function createPasswordResetJob(config: Pick<Config, "publicUrl">): JobHandler {
  return async (payload, { db }) => {
    const email = normalizeEmail(String(payload.email ?? ""));
    const user = await db
      .selectFrom("users")
      .select(["id", "email"])
      .where("email", "=", email)
      .executeTakeFirst();
    if (!user) return;
    await db.transaction().execute(async (trx) => {
      const { token } = await issueToken(trx, {
        userId: user.id,
        email: user.email,
        purpose: "reset_password",
      });
      await queueEmail(trx, passwordResetEmail(user.email, links.resetPassword(config, token)));
    });
  };
}
