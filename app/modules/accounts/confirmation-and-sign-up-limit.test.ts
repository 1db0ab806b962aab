/**
 * Issue 14, items 16 and 21. Signing in before confirming: a new confirmation link voids the
 * earlier ones and the answer says so; within the resend window nothing is sent and the answer
 * says when a new link can be had. The sign-up limit per network can be read without counting, with
 * when it ends (the claim wizard says so at every step, decision 0508).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { peek } from "~/platform/rate-limit.server";
import { confirmEmail } from "./confirm-email.server";
import { LIMITS, limitKeys } from "./limits.server";
import { signIn } from "./sign-in.server";
import { signUpLimit } from "./sign-up-limit.server";
import { signUp } from "./sign-up.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

async function confirmationTokens(email: string): Promise<string[]> {
  const mail = await t.db
    .selectFrom("email_outbox")
    .select("text")
    .where("to_address", "=", email)
    .where("template", "=", "confirm_email")
    .orderBy("created_at")
    .execute();
  return mail.map((m) => m.text.match(/token=([A-Za-z0-9_-]+)/)![1]!);
}

describe("signing in before confirming the e-mail", () => {
  it("sends a new link that voids the earlier one and says so; within 10 minutes it sends nothing and says when", async () => {
    const start = new Date();
    const email = "early-bird@example.test";
    expect(
      await signUp(t.db, TEST_CONFIG, { email, password: "early-pass", ip: "10.14.16.1", now: start }),
    ).toMatchObject({ status: "created" });
    const [fromSignUp] = await confirmationTokens(email);

    expect(
      await signIn(t.db, TEST_CONFIG, { email, password: "early-pass", ip: "10.14.16.1", now: start }),
    ).toEqual({ status: "unconfirmed", newLink: true });
    const tokens = await confirmationTokens(email);
    expect(tokens).toHaveLength(2);

    // Again a minute later: no new e-mail; the latest link is the one to use, and a new one can be had when the window ends.
    const later = new Date(start.getTime() + 60_000);
    const again = await signIn(t.db, TEST_CONFIG, {
      email,
      password: "early-pass",
      ip: "10.14.16.1",
      now: later,
    });
    expect(again).toMatchObject({ status: "unconfirmed", newLink: false });
    if (again.status !== "unconfirmed" || again.newLink) throw new Error("expected no new link");
    expect(again.retryAt.getTime() - start.getTime()).toBe(LIMITS.resendConfirmation.windowMs);
    expect(await confirmationTokens(email)).toHaveLength(2);

    // The first link no longer works; the latest does.
    expect(await confirmEmail(t.db, fromSignUp)).toEqual({ status: "invalid-link" });
    expect(await confirmEmail(t.db, tokens[1])).toEqual({ status: "confirmed", email });
    expect(
      (await signIn(t.db, TEST_CONFIG, { email, password: "early-pass", ip: "10.14.16.1" })).status,
    ).toBe("ok");
  });

  it("after the window a new link is sent again (and says so)", async () => {
    const start = new Date();
    const email = "slow-reader@example.test";
    await signUp(t.db, TEST_CONFIG, { email, password: "slow-pass", ip: "10.14.16.2", now: start });
    expect(
      await signIn(t.db, TEST_CONFIG, { email, password: "slow-pass", ip: "10.14.16.2", now: start }),
    ).toEqual({ status: "unconfirmed", newLink: true });
    const after = new Date(start.getTime() + LIMITS.resendConfirmation.windowMs + 1000);
    expect(
      await signIn(t.db, TEST_CONFIG, { email, password: "slow-pass", ip: "10.14.16.2", now: after }),
    ).toEqual({ status: "unconfirmed", newLink: true });
    expect(await confirmationTokens(email)).toHaveLength(3);
  });
});

describe("the sign-up limit per network", () => {
  it("is read without counting; it says when the network may sign up again", async () => {
    const ip = "10.14.21.1";
    const now = new Date();
    for (let i = 0; i < 20; i++) expect(await signUpLimit(t.db, ip, now)).toEqual({ limited: false });
    expect(await peek(t.db, limitKeys.signUpByIp(ip), now)).toBe(0);
    for (let i = 0; i < LIMITS.signUpByIp.max; i++) {
      expect(await signUpLimit(t.db, ip, now)).toEqual({ limited: false });
      expect(
        (
          await signUp(t.db, TEST_CONFIG, {
            email: `net-${i}@example.test`,
            password: "long-enough",
            ip,
            now,
          })
        ).status,
      ).toBe("created");
    }
    const limited = await signUpLimit(t.db, ip, now);
    expect(limited).toEqual({ limited: true, retryAt: new Date(now.getTime() + LIMITS.signUpByIp.windowMs) });
    // Reading it again and again counts nothing.
    for (let i = 0; i < 10; i++) await signUpLimit(t.db, ip, now);
    expect(await peek(t.db, limitKeys.signUpByIp(ip), now)).toBe(LIMITS.signUpByIp.max);
    expect(
      (await signUp(t.db, TEST_CONFIG, { email: "net-over@example.test", password: "long-enough", ip, now }))
        .status,
    ).toBe("rate-limited");
    // Other networks are not affected; the window ends when it said.
    expect(await signUpLimit(t.db, "10.14.21.2", now)).toEqual({ limited: false });
    expect(await signUpLimit(t.db, ip, new Date(now.getTime() + LIMITS.signUpByIp.windowMs))).toEqual({
      limited: false,
    });
  });
});
