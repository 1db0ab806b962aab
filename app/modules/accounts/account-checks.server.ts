/**
 * The account page's secret checks (the current password, two-factor codes) under a per-account
 * back-off (decision 0409). Wrong answers count for the account whichever session typed them; a
 * right answer gives back its own try and the wrong ones typed in the same session (that person
 * has just proved they know the secret), never those typed in another session, which may be an
 * attacker's. The counts are forgotten an hour after the last try.
 */
import type { Database } from "~/platform/db/database.server";
import { attempt, clearLimit, hit, peek, refund, type Backoff } from "~/platform/rate-limit.server";
import { hashToken } from "~/platform/session.server";

export type CheckGate =
  { allowed: false; retryAt: Date } | { allowed: true; settle: (ok: boolean) => Promise<void> };

export async function beginCheck(
  db: Database,
  input: { key: string; policy: Backoff; sessionToken?: string | null; now: Date },
): Promise<CheckGate> {
  const { key, policy, now } = input;
  const r = await attempt(db, key, policy, now);
  if (!r.allowed) return { allowed: false, retryAt: r.retryAt! };
  const sessionKey = input.sessionToken ? `${key}@${hashToken(input.sessionToken)}` : null;
  return {
    allowed: true,
    settle: async (ok) => {
      if (!ok) {
        if (sessionKey)
          await hit(db, sessionKey, { max: Number.MAX_SAFE_INTEGER, windowMs: policy.forgetMs }, now);
        return;
      }
      const sameSession = sessionKey ? await peek(db, sessionKey, now) : 0;
      await refund(db, key, 1 + sameSession);
      if (sessionKey) await clearLimit(db, sessionKey);
    },
  };
}
