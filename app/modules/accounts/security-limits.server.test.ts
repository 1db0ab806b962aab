/**
 * Decision 0409: second-factor codes limited per account (across fresh password sign-ins) and per
 * address, the owner e-mailed once; sign-in locks per e-mail-and-address pair plus a slower
 * per-e-mail back-off; the account page's current-password and code checks limited per account.
 * Decision 0270: a new password (reset or change) forgets the addresses known for the e-mail.
 */
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { isRemembered } from "~/platform/rate-limit.server";
import { changePassword } from "./change-password.server";
import { disableTotp } from "./disable-totp.server";
import { BACKOFFS, limitKeys } from "./limits.server";
import { regenerateRecoveryCodes } from "./regenerate-recovery-codes.server";
import { setPasswordWithToken } from "./set-password.server";
import { signIn, type SignInResult } from "./sign-in.server";
import { issueToken } from "./tokens.server";
import { verifySecondFactor, type SecondFactorResult } from "./verify-second-factor.server";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const SEC = 1000;
const MIN = 60 * SEC;

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

const at = (start: Date, ms: number) => new Date(start.getTime() + ms);
const code = (when: Date) =>
  new TOTP({ secret: SECRET, algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: when.getTime(),
  });
/** A code that is not valid now (nor one step either side). */
const wrongCode = (when: Date) => {
  const valid = new Set([-30_000, 0, 30_000].map((d) => code(at(when, d))));
  for (let i = 0; ; i++) {
    const c = String(123456 + i).padStart(6, "0");
    if (!valid.has(c)) return c;
  }
};

async function passwordStep(email: string, ip: string, now: Date): Promise<string> {
  const r = await signIn(t.db, TEST_CONFIG, { email, password: "right-pass", ip, now });
  if (r.status !== "second-factor") throw new Error(`expected the second-factor step, got ${r.status}`);
  return r.token;
}

/** An account with the password "right-pass" and the second factor on. */
const twoFactorUser = (email: string) =>
  insertUser(t.db, { email, password: "right-pass", totpSecret: SECRET });

/** One code typed at the second-factor step of a pending sign-in; the right one unless given. */
const submitCode = (pendingToken: string, ip: string, now: Date, typed = code(now)) =>
  verifySecondFactor(t.db, TEST_CONFIG, { pendingToken, code: typed, ip, now });

/** Wrong codes typed at the second-factor step, each of them refused as invalid. */
async function expectWrongCodes(pendingToken: string, ip: string, now: Date, count: number) {
  for (let n = 0; n < count; n++)
    expect((await submitCode(pendingToken, ip, now, wrongCode(now))).status).toBe("invalid-code");
}

const signInAt = (email: string, password: string, ip: string, now: Date) =>
  signIn(t.db, TEST_CONFIG, { email, password, ip, now });

const outbox = (email: string, template: string) =>
  t.db
    .selectFrom("email_outbox")
    .select(["subject", "text"])
    .where("to_address", "=", email)
    .where("template", "=", template)
    .execute();

function expectLimited(r: SignInResult | SecondFactorResult, scope: string, retryAt: Date) {
  expect(r).toMatchObject({ status: "rate-limited", scope });
  expect((r as { retryAt: Date }).retryAt.getTime()).toBe(retryAt.getTime());
}

describe("second-factor codes", () => {
  it("are capped per account across fresh password sign-ins, then slowed down more and more; the owner is e-mailed once", async () => {
    const user = await twoFactorUser("brute@example.test");
    const t0 = new Date(Date.now() + 60 * MIN);
    // Two sign-ins from two addresses, five wrong codes each (each pending sign-in allows five).
    for (const [i, ip] of ["10.20.0.1", "10.20.0.2"].entries()) {
      const token = await passwordStep(user.email, ip, t0);
      await expectWrongCodes(token, ip, t0, 5);
      // The e-mail went at the 5th wrong code, and only once.
      expect(await outbox(user.email, "two_factor_failures")).toHaveLength(1);
      if (i === 0)
        expect((await outbox(user.email, "two_factor_failures"))[0]!.text).toContain(
          "failed the two-step code 5 times",
        );
    }
    // A third sign-in from yet another address: the account has used its ten codes. Even the right
    // code waits one minute (the 10th wrong code started the cool-down); the sign-in is kept.
    const third = await passwordStep(user.email, "10.20.0.3", t0);
    expectLimited(await submitCode(third, "10.20.0.3", at(t0, 10 * SEC), code(t0)), "account", at(t0, MIN));
    // After it, one more try; then two minutes; then four...
    const t1 = at(t0, MIN);
    await expectWrongCodes(third, "10.20.0.3", t1, 1);
    expectLimited(await submitCode(third, "10.20.0.3", at(t1, SEC), code(t1)), "account", at(t1, 2 * MIN));
    const t2 = at(t1, 2 * MIN);
    await expectWrongCodes(third, "10.20.0.3", t2, 1);
    expectLimited(await submitCode(third, "10.20.0.3", t2), "account", at(t2, 4 * MIN));
    // Still one e-mail: at most one an hour.
    const mails = await outbox(user.email, "two_factor_failures");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(
      "Someone entered your password correctly but then failed the two-step code 5 times.",
    );
    expect(mails[0]!.text).toContain("change your password");
    expect(mails[0]!.text).toContain(`${TEST_CONFIG.publicUrl}/request-reset`);
    expect(mails[0]!.text).toContain(`${TEST_CONFIG.publicUrl}/account/security`);

    // When the cool-down is over, the owner's right code signs in.
    const t3 = at(t2, 4 * MIN);
    const fresh = await passwordStep(user.email, "10.20.0.4", t3);
    expect((await submitCode(fresh, "10.20.0.4", t3)).status).toBe("ok");
  });

  it("a new hour of wrong codes sends a new e-mail; changing the password forgets the wrong codes", async () => {
    const user = await twoFactorUser("brute2@example.test");
    const t0 = new Date(Date.now() + 120 * MIN);
    const wrongCodes = async (ip: string, now: Date) =>
      expectWrongCodes(await passwordStep(user.email, ip, now), ip, now, 5);
    await wrongCodes("10.21.0.1", t0);
    // An hour later (the count is forgotten an hour after the last try), ten more: a second e-mail.
    const later = at(t0, 61 * MIN);
    await wrongCodes("10.21.0.2", later);
    await wrongCodes("10.21.0.3", later);
    const mails = await outbox(user.email, "two_factor_failures");
    expect(mails.map((m) => m.text.match(/failed the two-step code (\d+) times/)![1])).toEqual(["5", "5"]);
    const blocked = await passwordStep(user.email, "10.21.0.4", later);
    expect((await submitCode(blocked, "10.21.0.4", later)).status).toBe("rate-limited");

    // The owner changes the password (signed in on another device): whoever typed those codes had the
    // old password, so they no longer count, and the owner signs in with the new one at once.
    await t.db
      .insertInto("sessions")
      .values({ id: "brute2-session", user_id: user.id, expires_at: at(later, 60 * MIN), mfa_verified: true })
      .execute();
    expect(
      (
        await changePassword(t.db, TEST_CONFIG, {
          userId: user.id,
          currentPassword: "right-pass",
          newPassword: "new-right-pass",
          sessionToken: "brute2",
          now: later,
        })
      ).status,
    ).toBe("ok");
    const r = await signInAt(user.email, "new-right-pass", "10.21.0.5", later);
    if (r.status !== "second-factor") throw new Error(r.status);
    expect((await submitCode(r.token, "10.21.0.5", later)).status).toBe("ok");
  });

  it("are capped per client address across accounts", async () => {
    const t0 = new Date(Date.now() + 180 * MIN);
    const ip = "10.22.0.1";
    // Five accounts, four wrong codes each (below any account's limit): twenty from one address.
    for (let u = 0; u < 5; u++) {
      const user = await twoFactorUser(`spray${u}@example.test`);
      await expectWrongCodes(await passwordStep(user.email, ip, t0), ip, t0, 4);
    }
    const sixth = await twoFactorUser("spray5@example.test");
    const token = await passwordStep(sixth.email, ip, t0);
    expectLimited(await submitCode(token, ip, t0), "address", at(t0, MIN));
    // The same account from another address is not held up.
    const elsewhere = await passwordStep(sixth.email, "10.22.0.2", t0);
    expect((await submitCode(elsewhere, "10.22.0.2", t0)).status).toBe("ok");
  });

  it("a right code forgives the wrong ones typed in the same sign-in, not those of other sign-ins", async () => {
    const user = await twoFactorUser("forgive@example.test");
    const t0 = new Date(Date.now() + 240 * MIN);
    const attacker = await passwordStep(user.email, "10.23.0.1", t0);
    for (let n = 0; n < 5; n++) await submitCode(attacker, "10.23.0.1", t0, wrongCode(t0));
    const owner = await passwordStep(user.email, "10.23.0.2", t0);
    for (let n = 0; n < 3; n++) await submitCode(owner, "10.23.0.2", t0, wrongCode(t0));
    expect((await submitCode(owner, "10.23.0.2", t0)).status).toBe("ok");
    // The attacker's five still count: five more wrong codes reach the limit (ten), the next waits.
    const t1 = at(t0, 2 * MIN);
    await expectWrongCodes(await passwordStep(user.email, "10.23.0.3", t1), "10.23.0.3", t1, 5);
    const last = await passwordStep(user.email, "10.23.0.4", t1);
    expect((await submitCode(last, "10.23.0.4", t1)).status).toBe("rate-limited");
  });
});

describe("sign-in limits", () => {
  it("a stranger's failures from other addresses do not lock the owner out of their own address", async () => {
    const owner = await insertUser(t.db, { email: "owner@example.test", password: "right-pass" });
    const t0 = new Date(Date.now() + 300 * MIN);
    // The owner has signed in from home before.
    expect((await signInAt(owner.email, "right-pass", "192.0.2.10", t0)).status).toBe("ok");
    // A stranger fails five times from each of six addresses: each address is locked for this e-mail...
    for (let a = 0; a < 6; a++) {
      const ip = `198.51.100.${a}`;
      for (let n = 0; n < 5; n++)
        expect((await signInAt(owner.email, `guess-${a}-${n}`, ip, t0)).status).toBe("invalid-credentials");
      expectLimited(await signInAt(owner.email, "right-pass", ip, t0), "address", at(t0, 15 * MIN));
    }
    // ...but the owner signs in from home, and from a new address too (30 failures: no back-off yet).
    expect((await signInAt(owner.email, "right-pass", "192.0.2.10", t0)).status).toBe("ok");
    expect((await signInAt(owner.email, "right-pass", "203.0.113.7", t0)).status).toBe("ok");
    // The admin's account is no different.
    await t.db.insertInto("admin_emails").values({ email: "boss@example.test" }).execute();
    const boss = await insertUser(t.db, { email: "boss@example.test", password: "right-pass" });
    for (let n = 0; n < 5; n++) await signInAt(boss.email, `guess${n}`, "198.51.100.200", t0);
    expect(await signInAt(boss.email, "right-pass", "192.0.2.20", t0)).toMatchObject({
      status: "ok",
      user: { isAdmin: true },
    });
  });

  it("a slower per-e-mail back-off bounds guessing spread over many addresses; known addresses are not slowed", async () => {
    const victim = await insertUser(t.db, { email: "spread@example.test", password: "right-pass" });
    const t0 = new Date(Date.now() + 360 * MIN);
    expect((await signInAt(victim.email, "right-pass", "192.0.2.30", t0)).status).toBe("ok");
    const { free, baseDelayMs } = BACKOFFS.signInByAccount;
    let ip = 0;
    const stranger = () => `100.64.${Math.floor(ip / 250)}.${ip++ % 250}`;
    for (let n = 0; n < free; n++) {
      expect((await signInAt(victim.email, `guess${n}`, stranger(), t0)).status).toBe("invalid-credentials");
    }
    // The 51st guess, from a fresh address, waits; so does the owner from a new address (told when)...
    const r = await signInAt(victim.email, "right-pass", stranger(), at(t0, 500));
    expectLimited(r, "account", at(t0, baseDelayMs));
    // ...but not from an address they signed in from before.
    expect((await signInAt(victim.email, "right-pass", "192.0.2.30", at(t0, 500))).status).toBe("ok");
    // An unknown e-mail is treated the same way (no hint that the account exists).
    for (let n = 0; n < free; n++) await signInAt("nobody-here@example.test", `guess${n}`, stranger(), t0);
    expectLimited(
      await signInAt("nobody-here@example.test", "x", stranger(), at(t0, 500)),
      "account",
      at(t0, baseDelayMs),
    );

    // A stranger hammering from a new address every 5 seconds for ten minutes gets few guesses:
    // 2 s, 4, 8, 16, 32, then one a minute.
    let guesses = 0;
    let refused = 0;
    for (let s = 5; s <= 600; s += 5) {
      const g = await signInAt(victim.email, `more${s}`, stranger(), at(t0, s * SEC));
      if (g.status === "invalid-credentials") guesses++;
      else refused++;
    }
    expect(guesses).toBeLessThanOrEqual(15);
    expect(guesses).toBeGreaterThanOrEqual(8);
    expect(refused).toBe(120 - guesses);
    // Refused tries are not failures of the address: one address waiting its turn is told to wait
    // ("account"), never locked out for 15 minutes ("address").
    const patient = stranger();
    for (let n = 0; n < 8; n++) {
      expect(await signInAt(victim.email, "right-pass", patient, at(t0, 601 * SEC))).toMatchObject({
        status: "rate-limited",
        scope: "account",
      });
    }
    // An hour after the last attempt the count is forgotten.
    expect(
      (await signInAt(victim.email, "right-pass", stranger(), at(t0, 600 * SEC + 61 * MIN))).status,
    ).toBe("ok");
  });
});

describe("known addresses after a new password (decision 0270)", () => {
  const { free, baseDelayMs } = BACKOFFS.signInByAccount;
  let strangers = 0;
  /** Failed guesses from `free` new addresses at `when`: the per-e-mail back-off starts. */
  async function spreadGuesses(email: string, when: Date) {
    for (let n = 0; n < free; n++) {
      const ip = `100.65.${Math.floor(strangers / 250)}.${strangers++ % 250}`;
      expect((await signInAt(email, `spread-guess-${n}`, ip, when)).status).toBe("invalid-credentials");
    }
  }
  const isKnown = (email: string, ip: string, now: Date) =>
    isRemembered(t.db, limitKeys.knownAddress(email, ip), now);

  it("a password reset forgets them: an address that signed in with the old password is slowed down again", async () => {
    const owner = await insertUser(t.db, { email: "reset-known@example.test", password: "right-pass" });
    const t0 = new Date(Date.now() + 420 * MIN);
    const home = "192.0.2.40";
    const stranger = "198.51.100.77";
    // The owner signs in from home; someone who has the password, from their own address.
    expect((await signInAt(owner.email, "right-pass", home, t0)).status).toBe("ok");
    expect((await signInAt(owner.email, "right-pass", stranger, t0)).status).toBe("ok");
    expect(await isKnown(owner.email, stranger, t0)).toBe(true);
    // The owner sets a new password from a reset link.
    const link = await issueToken(t.db, { userId: owner.id, email: owner.email, purpose: "reset_password" });
    expect(
      await setPasswordWithToken(t.db, TEST_CONFIG, {
        token: link.token,
        purposes: ["reset_password"],
        password: "new-right-pass",
      }),
    ).toMatchObject({ status: "ok" });
    expect(await isKnown(owner.email, stranger, t0)).toBe(false);
    expect(await isKnown(owner.email, home, t0)).toBe(false);
    // Guessing spread over many addresses starts the per-e-mail back-off, and it now holds back
    // the stranger's address as well (before, their sign-in with the old password spared it).
    const t1 = at(t0, MIN);
    await spreadGuesses(owner.email, t1);
    expectLimited(
      await signInAt(owner.email, "guess", stranger, at(t1, 500)),
      "account",
      at(t1, baseDelayMs),
    );
    // The owner waits their turn once, at home, then home is known again.
    expectLimited(
      await signInAt(owner.email, "new-right-pass", home, at(t1, 600)),
      "account",
      at(t1, baseDelayMs),
    );
    expect((await signInAt(owner.email, "new-right-pass", home, at(t1, baseDelayMs))).status).toBe("ok");
    expect((await signInAt(owner.email, "new-right-pass", home, at(t1, baseDelayMs + 500))).status).toBe(
      "ok",
    );
  });

  it("a password change forgets them too; other e-mails' marks at the same address stay", async () => {
    const user = await insertUser(t.db, { email: "change-known@example.test", password: "right-pass" });
    const neighbour = await insertUser(t.db, {
      email: "x-change-known@example.test",
      password: "right-pass",
    });
    const now = new Date();
    const office = "192.0.2.41";
    const signedIn = await signInAt(user.email, "right-pass", office, now);
    expect((await signInAt(user.email, "right-pass", "198.51.100.78", now)).status).toBe("ok");
    expect((await signInAt(neighbour.email, "right-pass", office, now)).status).toBe("ok");
    expect(signedIn.status).toBe("ok");
    const r = await changePassword(t.db, TEST_CONFIG, {
      userId: user.id,
      currentPassword: "right-pass",
      newPassword: "new-right-pass",
      sessionToken: (signedIn as { token: string }).token,
    });
    expect(r).toMatchObject({ status: "ok" });
    expect(await isKnown(user.email, office, now)).toBe(false);
    expect(await isKnown(user.email, "198.51.100.78", now)).toBe(false);
    expect(await isKnown(neighbour.email, office, now)).toBe(true);
  });
});

describe("account page checks", () => {
  async function sessionFor(userId: string, id: string) {
    await t.db
      .insertInto("sessions")
      .values({ id, user_id: userId, expires_at: new Date(Date.now() + 24 * 60 * MIN), mfa_verified: true })
      .execute();
    return id;
  }

  it("the current password: wrong tries limited per account; a right one forgives only its own session's", async () => {
    const user = await insertUser(t.db, { email: "changer@example.test", password: "right-pass" });
    const attacker = await sessionFor(user.id, "changer-attacker");
    const owner = await sessionFor(user.id, "changer-owner");
    const t0 = new Date(Date.now() + 420 * MIN);
    const change = (sessionToken: string, currentPassword: string, now: Date, newPassword = "next-pass-1") =>
      changePassword(t.db, TEST_CONFIG, { userId: user.id, currentPassword, newPassword, sessionToken, now });
    for (let n = 0; n < 2; n++)
      expect((await change(attacker, `guess${n}`, t0)).status).toBe("wrong-password");
    for (let n = 0; n < 2; n++) expect((await change(owner, `typo${n}`, t0)).status).toBe("wrong-password");
    expect((await change(owner, "right-pass", t0, "owner-new-pass")).status).toBe("ok");
    // The attacker's two still count: three more wrong tries reach five, then each try waits.
    const t1 = at(t0, 2 * MIN);
    for (let n = 0; n < 3; n++)
      expect((await change(attacker, `more${n}`, t1)).status).toBe("wrong-password");
    const limited = await change(attacker, "owner-new-pass", at(t1, SEC));
    expect(limited).toEqual({ status: "rate-limited", retryAt: at(t1, MIN) });
    // Nothing changed; after the wait, the right password works again.
    expect((await change(owner, "owner-new-pass", at(t1, MIN), "final-pass")).status).toBe("ok");
  });

  it("turning two-factor off and new recovery codes: wrong codes limited per account, even the right one waits", async () => {
    const user = await twoFactorUser("disabler@example.test");
    const session = await sessionFor(user.id, "disabler-session");
    const t0 = new Date(Date.now() + 480 * MIN);
    for (let n = 0; n < 3; n++) {
      expect(
        await disableTotp(t.db, TEST_CONFIG, {
          userId: user.id,
          code: wrongCode(t0),
          now: t0.getTime(),
          sessionToken: session,
        }),
      ).toEqual({ status: "invalid-code" });
    }
    for (let n = 0; n < 2; n++) {
      expect(
        await regenerateRecoveryCodes(t.db, {
          userId: user.id,
          code: wrongCode(t0),
          now: t0.getTime(),
          sessionToken: session,
        }),
      ).toEqual({ status: "invalid-code" });
    }
    const t1 = at(t0, 10 * SEC);
    expect(
      await disableTotp(t.db, TEST_CONFIG, {
        userId: user.id,
        code: code(t1),
        now: t1.getTime(),
        sessionToken: session,
      }),
    ).toEqual({ status: "rate-limited", retryAt: at(t0, MIN) });
    expect(
      await regenerateRecoveryCodes(t.db, {
        userId: user.id,
        code: code(t1),
        now: t1.getTime(),
        sessionToken: session,
      }),
    ).toEqual({ status: "rate-limited", retryAt: at(t0, MIN) });
    const enabled = await t.db
      .selectFrom("users")
      .select("totp_enabled_at")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(enabled.totp_enabled_at).not.toBeNull();
    const t2 = at(t0, MIN);
    expect(
      await disableTotp(t.db, TEST_CONFIG, {
        userId: user.id,
        code: code(t2),
        now: t2.getTime(),
        sessionToken: session,
      }),
    ).toEqual({ status: "disabled" });
  });
});
