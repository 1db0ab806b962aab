/**
 * Decision 0409: second-factor codes limited per account (across fresh password sign-ins) and per
 * address, the owner e-mailed once; sign-in locks per e-mail-and-address pair plus a slower
 * per-e-mail back-off; the account page's current-password and code checks limited per account.
 */
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { changePassword } from "./change-password.server";
import { disableTotp } from "./disable-totp.server";
import { BACKOFFS } from "./limits.server";
import { regenerateRecoveryCodes } from "./regenerate-recovery-codes.server";
import { signIn, type SignInResult } from "./sign-in.server";
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
    const user = await insertUser(t.db, {
      email: "brute@example.test",
      password: "right-pass",
      totpSecret: SECRET,
    });
    const t0 = new Date(Date.now() + 60 * MIN);
    // Two sign-ins from two addresses, five wrong codes each (each pending sign-in allows five).
    for (const [i, ip] of ["10.20.0.1", "10.20.0.2"].entries()) {
      const token = await passwordStep(user.email, ip, t0);
      for (let n = 0; n < 5; n++) {
        expect(
          (
            await verifySecondFactor(t.db, TEST_CONFIG, {
              pendingToken: token,
              code: wrongCode(t0),
              ip,
              now: t0,
            })
          ).status,
        ).toBe("invalid-code");
      }
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
    expectLimited(
      await verifySecondFactor(t.db, TEST_CONFIG, {
        pendingToken: third,
        code: code(t0),
        ip: "10.20.0.3",
        now: at(t0, 10 * SEC),
      }),
      "account",
      at(t0, MIN),
    );
    // After it, one more try; then two minutes; then four...
    const t1 = at(t0, MIN);
    expect(
      (
        await verifySecondFactor(t.db, TEST_CONFIG, {
          pendingToken: third,
          code: wrongCode(t1),
          ip: "10.20.0.3",
          now: t1,
        })
      ).status,
    ).toBe("invalid-code");
    expectLimited(
      await verifySecondFactor(t.db, TEST_CONFIG, {
        pendingToken: third,
        code: code(t1),
        ip: "10.20.0.3",
        now: at(t1, SEC),
      }),
      "account",
      at(t1, 2 * MIN),
    );
    const t2 = at(t1, 2 * MIN);
    expect(
      (
        await verifySecondFactor(t.db, TEST_CONFIG, {
          pendingToken: third,
          code: wrongCode(t2),
          ip: "10.20.0.3",
          now: t2,
        })
      ).status,
    ).toBe("invalid-code");
    expectLimited(
      await verifySecondFactor(t.db, TEST_CONFIG, {
        pendingToken: third,
        code: code(t2),
        ip: "10.20.0.3",
        now: t2,
      }),
      "account",
      at(t2, 4 * MIN),
    );
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
    expect(
      (
        await verifySecondFactor(t.db, TEST_CONFIG, {
          pendingToken: fresh,
          code: code(t3),
          ip: "10.20.0.4",
          now: t3,
        })
      ).status,
    ).toBe("ok");
  });

  it("a new hour of wrong codes sends a new e-mail; changing the password forgets the wrong codes", async () => {
    const user = await insertUser(t.db, {
      email: "brute2@example.test",
      password: "right-pass",
      totpSecret: SECRET,
    });
    const t0 = new Date(Date.now() + 120 * MIN);
    const wrongCodes = async (ip: string, now: Date) => {
      const token = await passwordStep(user.email, ip, now);
      for (let n = 0; n < 5; n++)
        expect(
          (
            await verifySecondFactor(t.db, TEST_CONFIG, {
              pendingToken: token,
              code: wrongCode(now),
              ip,
              now,
            })
          ).status,
        ).toBe("invalid-code");
    };
    await wrongCodes("10.21.0.1", t0);
    // An hour later (the count is forgotten an hour after the last try), ten more: a second e-mail.
    const later = at(t0, 61 * MIN);
    await wrongCodes("10.21.0.2", later);
    await wrongCodes("10.21.0.3", later);
    const mails = await outbox(user.email, "two_factor_failures");
    expect(mails.map((m) => m.text.match(/failed the two-step code (\d+) times/)![1])).toEqual(["5", "5"]);
    const blocked = await passwordStep(user.email, "10.21.0.4", later);
    expect(
      (
        await verifySecondFactor(t.db, TEST_CONFIG, {
          pendingToken: blocked,
          code: code(later),
          ip: "10.21.0.4",
          now: later,
        })
      ).status,
    ).toBe("rate-limited");

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
    const r = await signIn(t.db, TEST_CONFIG, {
      email: user.email,
      password: "new-right-pass",
      ip: "10.21.0.5",
      now: later,
    });
    if (r.status !== "second-factor") throw new Error(r.status);
    expect(
      (
        await verifySecondFactor(t.db, TEST_CONFIG, {
          pendingToken: r.token,
          code: code(later),
          ip: "10.21.0.5",
          now: later,
        })
      ).status,
    ).toBe("ok");
  });

  it("are capped per client address across accounts", async () => {
    const t0 = new Date(Date.now() + 180 * MIN);
    const ip = "10.22.0.1";
    // Five accounts, four wrong codes each (below any account's limit): twenty from one address.
    for (let u = 0; u < 5; u++) {
      const user = await insertUser(t.db, {
        email: `spray${u}@example.test`,
        password: "right-pass",
        totpSecret: SECRET,
      });
      const token = await passwordStep(user.email, ip, t0);
      for (let n = 0; n < 4; n++) {
        expect(
          (
            await verifySecondFactor(t.db, TEST_CONFIG, {
              pendingToken: token,
              code: wrongCode(t0),
              ip,
              now: t0,
            })
          ).status,
        ).toBe("invalid-code");
      }
    }
    const sixth = await insertUser(t.db, {
      email: "spray5@example.test",
      password: "right-pass",
      totpSecret: SECRET,
    });
    const token = await passwordStep(sixth.email, ip, t0);
    expectLimited(
      await verifySecondFactor(t.db, TEST_CONFIG, { pendingToken: token, code: code(t0), ip, now: t0 }),
      "address",
      at(t0, MIN),
    );
    // The same account from another address is not held up.
    const elsewhere = await passwordStep(sixth.email, "10.22.0.2", t0);
    expect(
      (
        await verifySecondFactor(t.db, TEST_CONFIG, {
          pendingToken: elsewhere,
          code: code(t0),
          ip: "10.22.0.2",
          now: t0,
        })
      ).status,
    ).toBe("ok");
  });

  it("a right code forgives the wrong ones typed in the same sign-in, not those of other sign-ins", async () => {
    const user = await insertUser(t.db, {
      email: "forgive@example.test",
      password: "right-pass",
      totpSecret: SECRET,
    });
    const t0 = new Date(Date.now() + 240 * MIN);
    const attacker = await passwordStep(user.email, "10.23.0.1", t0);
    for (let n = 0; n < 5; n++)
      await verifySecondFactor(t.db, TEST_CONFIG, {
        pendingToken: attacker,
        code: wrongCode(t0),
        ip: "10.23.0.1",
        now: t0,
      });
    const owner = await passwordStep(user.email, "10.23.0.2", t0);
    for (let n = 0; n < 3; n++)
      await verifySecondFactor(t.db, TEST_CONFIG, {
        pendingToken: owner,
        code: wrongCode(t0),
        ip: "10.23.0.2",
        now: t0,
      });
    expect(
      (
        await verifySecondFactor(t.db, TEST_CONFIG, {
          pendingToken: owner,
          code: code(t0),
          ip: "10.23.0.2",
          now: t0,
        })
      ).status,
    ).toBe("ok");
    // The attacker's five still count: five more wrong codes reach the limit (ten), the next waits.
    const t1 = at(t0, 2 * MIN);
    const next = await passwordStep(user.email, "10.23.0.3", t1);
    for (let n = 0; n < 5; n++) {
      expect(
        (
          await verifySecondFactor(t.db, TEST_CONFIG, {
            pendingToken: next,
            code: wrongCode(t1),
            ip: "10.23.0.3",
            now: t1,
          })
        ).status,
      ).toBe("invalid-code");
    }
    const last = await passwordStep(user.email, "10.23.0.4", t1);
    expect(
      (
        await verifySecondFactor(t.db, TEST_CONFIG, {
          pendingToken: last,
          code: code(t1),
          ip: "10.23.0.4",
          now: t1,
        })
      ).status,
    ).toBe("rate-limited");
  });
});

describe("sign-in limits", () => {
  it("a stranger's failures from other addresses do not lock the owner out of their own address", async () => {
    const owner = await insertUser(t.db, { email: "owner@example.test", password: "right-pass" });
    const t0 = new Date(Date.now() + 300 * MIN);
    // The owner has signed in from home before.
    expect(
      (
        await signIn(t.db, TEST_CONFIG, {
          email: owner.email,
          password: "right-pass",
          ip: "192.0.2.10",
          now: t0,
        })
      ).status,
    ).toBe("ok");
    // A stranger fails five times from each of six addresses: each address is locked for this e-mail...
    for (let a = 0; a < 6; a++) {
      const ip = `198.51.100.${a}`;
      for (let n = 0; n < 5; n++)
        expect(
          (await signIn(t.db, TEST_CONFIG, { email: owner.email, password: `guess-${a}-${n}`, ip, now: t0 }))
            .status,
        ).toBe("invalid-credentials");
      expectLimited(
        await signIn(t.db, TEST_CONFIG, { email: owner.email, password: "right-pass", ip, now: t0 }),
        "address",
        at(t0, 15 * MIN),
      );
    }
    // ...but the owner signs in from home, and from a new address too (30 failures: no back-off yet).
    expect(
      (
        await signIn(t.db, TEST_CONFIG, {
          email: owner.email,
          password: "right-pass",
          ip: "192.0.2.10",
          now: t0,
        })
      ).status,
    ).toBe("ok");
    expect(
      (
        await signIn(t.db, TEST_CONFIG, {
          email: owner.email,
          password: "right-pass",
          ip: "203.0.113.7",
          now: t0,
        })
      ).status,
    ).toBe("ok");
    // The admin's account is no different.
    await t.db.insertInto("admin_emails").values({ email: "boss@example.test" }).execute();
    const boss = await insertUser(t.db, { email: "boss@example.test", password: "right-pass" });
    for (let n = 0; n < 5; n++)
      await signIn(t.db, TEST_CONFIG, {
        email: boss.email,
        password: `guess${n}`,
        ip: "198.51.100.200",
        now: t0,
      });
    expect(
      await signIn(t.db, TEST_CONFIG, {
        email: boss.email,
        password: "right-pass",
        ip: "192.0.2.20",
        now: t0,
      }),
    ).toMatchObject({ status: "ok", user: { isAdmin: true } });
  });

  it("a slower per-e-mail back-off bounds guessing spread over many addresses; known addresses are not slowed", async () => {
    const victim = await insertUser(t.db, { email: "spread@example.test", password: "right-pass" });
    const t0 = new Date(Date.now() + 360 * MIN);
    expect(
      (
        await signIn(t.db, TEST_CONFIG, {
          email: victim.email,
          password: "right-pass",
          ip: "192.0.2.30",
          now: t0,
        })
      ).status,
    ).toBe("ok");
    const { free, baseDelayMs } = BACKOFFS.signInByAccount;
    let ip = 0;
    const stranger = () => `100.64.${Math.floor(ip / 250)}.${ip++ % 250}`;
    for (let n = 0; n < free; n++) {
      expect(
        (
          await signIn(t.db, TEST_CONFIG, {
            email: victim.email,
            password: `guess${n}`,
            ip: stranger(),
            now: t0,
          })
        ).status,
      ).toBe("invalid-credentials");
    }
    // The 51st guess, from a fresh address, waits; so does the owner from a new address (told when)...
    const r = await signIn(t.db, TEST_CONFIG, {
      email: victim.email,
      password: "right-pass",
      ip: stranger(),
      now: at(t0, 500),
    });
    expectLimited(r, "account", at(t0, baseDelayMs));
    // ...but not from an address they signed in from before.
    expect(
      (
        await signIn(t.db, TEST_CONFIG, {
          email: victim.email,
          password: "right-pass",
          ip: "192.0.2.30",
          now: at(t0, 500),
        })
      ).status,
    ).toBe("ok");
    // An unknown e-mail is treated the same way (no hint that the account exists).
    for (let n = 0; n < free; n++)
      await signIn(t.db, TEST_CONFIG, {
        email: "nobody-here@example.test",
        password: `guess${n}`,
        ip: stranger(),
        now: t0,
      });
    expectLimited(
      await signIn(t.db, TEST_CONFIG, {
        email: "nobody-here@example.test",
        password: "x",
        ip: stranger(),
        now: at(t0, 500),
      }),
      "account",
      at(t0, baseDelayMs),
    );

    // A stranger hammering from a new address every 5 seconds for ten minutes gets few guesses:
    // 2 s, 4, 8, 16, 32, then one a minute.
    let guesses = 0;
    let refused = 0;
    for (let s = 5; s <= 600; s += 5) {
      const g = await signIn(t.db, TEST_CONFIG, {
        email: victim.email,
        password: `more${s}`,
        ip: stranger(),
        now: at(t0, s * SEC),
      });
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
      expect(
        await signIn(t.db, TEST_CONFIG, {
          email: victim.email,
          password: "right-pass",
          ip: patient,
          now: at(t0, 601 * SEC),
        }),
      ).toMatchObject({ status: "rate-limited", scope: "account" });
    }
    // An hour after the last attempt the count is forgotten.
    expect(
      (
        await signIn(t.db, TEST_CONFIG, {
          email: victim.email,
          password: "right-pass",
          ip: stranger(),
          now: at(t0, 600 * SEC + 61 * MIN),
        })
      ).status,
    ).toBe("ok");
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
    const user = await insertUser(t.db, {
      email: "disabler@example.test",
      password: "right-pass",
      totpSecret: SECRET,
    });
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
