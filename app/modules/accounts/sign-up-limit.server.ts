/**
 * Whether the network a visitor is on has used up its sign-ups (LIMITS.signUpByIp, decision 0403)
 * and when it may sign up again: read without counting anything, so the claim wizard can say so
 * when it starts and at each step instead of only at the submit (issue 14, item 21; decision 0508).
 * The submit itself still counts its sign-up atomically in `signUp`.
 */
import type { Database } from "~/platform/db/database.server";
import { LIMITS, limitKeys } from "./limits.server";

export type SignUpLimit = { limited: false } | { limited: true; retryAt: Date };

export async function signUpLimit(
  db: Database,
  ip: string | null | undefined,
  now = new Date(),
): Promise<SignUpLimit> {
  const row = await db
    .selectFrom("rate_limits")
    .select(["hits", "expires_at"])
    .where("key", "=", limitKeys.signUpByIp(ip))
    .where("expires_at", ">", now)
    .executeTakeFirst();
  // The window allows `max` sign-ups: the next one is refused once `max` have been counted.
  if (!row || row.hits < LIMITS.signUpByIp.max) return { limited: false };
  return { limited: true, retryAt: new Date(row.expires_at) };
}
