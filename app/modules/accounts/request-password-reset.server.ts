/**
 * "Forgot password". The request itself only queues a job, whatever the e-mail: the answer and
 * its timing are the same for known and unknown addresses. The job sends the link (1 hour, single
 * use) if, and only if, an account exists.
 */
import type { Database } from "~/platform/db/database.server";
import { passwordResetEmail } from "~/platform/email/templates.server";
import { queueEmail } from "~/platform/email/outbox.server";
import type { Config } from "~/platform/env.server";
import { z } from "zod";
import { defineJob, JOB_PRIORITY, type JobRegistration } from "~/platform/jobs/job-definition.server";
import { enqueueJob } from "~/platform/jobs/queue.server";
import { hit } from "~/platform/rate-limit.server";
import { LIMITS } from "./limits.server";
import { links } from "./links.server";
import { normaliseEmail } from "~/platform/email-address";
import { issueToken } from "./tokens.server";

/** Issues the reset link when the account exists (the request's answer never says). */
export const RESET_JOB = defineJob({
  type: "accounts.password-reset",
  payload: z.strictObject({ email: z.string().min(1).max(320) }),
  priority: JOB_PRIORITY.urgent,
  maxAttempts: 3,
});

export async function requestPasswordReset(
  db: Database,
  input: { email: string; ip?: string | null; now?: Date },
): Promise<{ status: "accepted" } | { status: "rate-limited" }> {
  const email = normaliseEmail(input.email);
  const byIp = await hit(db, `reset:ip:${input.ip ?? "unknown"}`, LIMITS.resetByIp, input.now);
  if (!byIp.allowed) return { status: "rate-limited" };
  const byEmail = await hit(db, `reset:email:${email}`, LIMITS.resetByEmail, input.now);
  // Beyond the per-address limit nothing is sent, but the answer looks the same.
  if (byEmail.allowed) await enqueueJob(db, RESET_JOB, { email });
  return { status: "accepted" };
}

/** The job: issue a token and queue the e-mail when the account exists. */
export function createPasswordResetJob(
  config: Pick<Config, "publicUrl">,
): JobRegistration<typeof RESET_JOB.payload>["handler"] {
  return async (payload, { db }) => {
    const email = normaliseEmail(payload.email);
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
