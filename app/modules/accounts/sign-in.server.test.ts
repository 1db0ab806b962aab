import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { getSessionUser } from "./get-session-user.server";
import { confirmEmail } from "./confirm-email.server";
import { createAdmin, createDemoAdmin } from "./create-admin.server";
import { confirmTotpEnrolment, startTotpEnrolment } from "./enrol-totp.server";
import { disableTotp } from "./disable-totp.server";
import { isAdmin } from "./is-admin.server";
import { verifyAgainstDummy } from "./passwords.server";
import { signIn } from "./sign-in.server";
import { signUp } from "./sign-up.server";
import { verifySecondFactor } from "./verify-second-factor.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

function totp(secret: string, at: number) {
  return new TOTP({ secret, algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: at });
}

describe("sign-in", () => {
  it("signs in with the right password and says whether the user is an admin", async () => {
    await insertUser(t.db, { email: "plain@example.test", password: "right-pass" });
    const r = await signIn(t.db, TEST_CONFIG, {
      email: "  PLAIN@example.test ",
      password: "right-pass",
      ip: "10.0.0.1",
    });
    expect(r).toMatchObject({ status: "ok", user: { email: "plain@example.test", isAdmin: false } });
    if (r.status !== "ok") throw new Error();
    expect((await getSessionUser(t.db, r.token)).kind).toBe("signed-in");
  });

  it("gives the same answer for a wrong password, an unknown e-mail and an account without password", async () => {
    await insertUser(t.db, { email: "nopass@example.test", password: null });
    const wrong = await signIn(t.db, TEST_CONFIG, {
      email: "plain@example.test",
      password: "nope",
      ip: "10.0.0.2",
    });
    const unknown = await signIn(t.db, TEST_CONFIG, {
      email: "ghost@example.test",
      password: "nope",
      ip: "10.0.0.2",
    });
    const noPass = await signIn(t.db, TEST_CONFIG, {
      email: "nopass@example.test",
      password: "",
      ip: "10.0.0.2",
    });
    expect([wrong, unknown, noPass]).toEqual([
      { status: "invalid-credentials" },
      { status: "invalid-credentials" },
      { status: "invalid-credentials" },
    ]);
  });

  it("takes about as long for an unknown e-mail as for a wrong password (argon2 runs either way)", async () => {
    // CPU time of this process (argon2 runs on its thread pool, PGlite in process), not the clock:
    // on a shared machine the clock measures the neighbours as much as the work.
    const cpuMs = async (work: () => Promise<unknown>) => {
      const before = process.cpuUsage();
      await work();
      const used = process.cpuUsage(before);
      return (used.user + used.system) / 1000;
    };
    const time = (email: string) =>
      cpuMs(() => signIn(t.db, TEST_CONFIG, { email, password: "nope", ip: `10.1.${Math.random()}` }));
    await time("ghost2@example.test"); // warm the dummy hash
    // The yardstick is one argon2 check itself, measured here: a known account's sign-in also does
    // more database work (its failure counts), which says nothing about argon2.
    const checkOnce = () => cpuMs(() => verifyAgainstDummy("nope"));
    const argon2 = Math.min(await checkOnce(), await checkOnce());
    const unknown = Math.min(await time("ghost3@example.test"), await time("ghost4@example.test"));
    expect(unknown).toBeGreaterThan(argon2 * 0.7);
  });

  it("refuses an unconfirmed e-mail (only with the right password) and re-sends the link", async () => {
    await insertUser(t.db, { email: "unconf@example.test", password: "right-pass", confirmed: false });
    expect(
      await signIn(t.db, TEST_CONFIG, { email: "unconf@example.test", password: "bad", ip: "10.0.0.3" }),
    ).toEqual({ status: "invalid-credentials" });
    expect(
      await signIn(t.db, TEST_CONFIG, {
        email: "unconf@example.test",
        password: "right-pass",
        ip: "10.0.0.3",
      }),
    ).toEqual({ status: "unconfirmed", newLink: true });
    const mail = await t.db
      .selectFrom("email_outbox")
      .select(["template", "text"])
      .where("to_address", "=", "unconf@example.test")
      .execute();
    expect(mail).toHaveLength(1);
    const token = mail[0]!.text.match(/token=([A-Za-z0-9_-]+)/)![1]!;
    expect(await confirmEmail(t.db, token)).toEqual({ status: "confirmed", email: "unconf@example.test" });
    expect(await confirmEmail(t.db, token)).toEqual({ status: "invalid-link" });
    expect(
      (
        await signIn(t.db, TEST_CONFIG, {
          email: "unconf@example.test",
          password: "right-pass",
          ip: "10.0.0.3",
        })
      ).status,
    ).toBe("ok");
  });

  it("limits failed attempts per e-mail from one address (5 per 15 minutes), even with the right password afterwards", async () => {
    await insertUser(t.db, { email: "target@example.test", password: "right-pass" });
    const now = new Date();
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await signIn(t.db, TEST_CONFIG, {
            email: "target@example.test",
            password: `guess${i}`,
            ip: "10.2.0.1",
            now,
          })
        ).status,
      ).toBe("invalid-credentials");
    }
    const limited = await signIn(t.db, TEST_CONFIG, {
      email: "target@example.test",
      password: "right-pass",
      ip: "10.2.0.1",
      now,
    });
    expect(limited).toMatchObject({ status: "rate-limited", scope: "address" });
    if (limited.status !== "rate-limited") throw new Error();
    expect(limited.retryAt.getTime() - now.getTime()).toBe(15 * 60_000);
    // Another e-mail from that address is not affected, nor this e-mail from another address.
    expect(
      (
        await signIn(t.db, TEST_CONFIG, {
          email: "plain@example.test",
          password: "right-pass",
          ip: "10.2.0.1",
          now,
        })
      ).status,
    ).toBe("ok");
    expect(
      (
        await signIn(t.db, TEST_CONFIG, {
          email: "target@example.test",
          password: "right-pass",
          ip: "10.2.0.99",
          now,
        })
      ).status,
    ).toBe("ok");
    const later = new Date(now.getTime() + 16 * 60_000);
    expect(
      (
        await signIn(t.db, TEST_CONFIG, {
          email: "target@example.test",
          password: "right-pass",
          ip: "10.2.0.1",
          now: later,
        })
      ).status,
    ).toBe("ok");
  });

  it("limits failed attempts per IP across e-mails (30 per 15 minutes); successful sign-ins do not count", async () => {
    await insertUser(t.db, { email: "ipuser@example.test", password: "right-pass" });
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await signIn(t.db, TEST_CONFIG, {
            email: "ipuser@example.test",
            password: "right-pass",
            ip: "10.3.0.1",
          })
        ).status,
      ).toBe("ok");
    }
    for (let i = 0; i < 30; i++)
      await signIn(t.db, TEST_CONFIG, { email: `spray${i}@example.test`, password: "x", ip: "10.3.0.1" });
    expect(
      await signIn(t.db, TEST_CONFIG, {
        email: "ipuser@example.test",
        password: "right-pass",
        ip: "10.3.0.1",
      }),
    ).toMatchObject({ status: "rate-limited", scope: "address" });
    expect(
      (
        await signIn(t.db, TEST_CONFIG, {
          email: "ipuser@example.test",
          password: "right-pass",
          ip: "10.3.0.2",
        })
      ).status,
    ).toBe("ok");
  });
});

describe("two-factor", () => {
  it("enrols with a code, then sign-in needs a second factor; codes and recovery codes work once", async () => {
    const user = await insertUser(t.db, { email: "twofa@example.test", password: "right-pass" });
    const setup = (await startTotpEnrolment(t.db, user.id))!;
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const t0 = Date.now();
    expect(
      await confirmTotpEnrolment(t.db, TEST_CONFIG, {
        userId: user.id,
        secret: setup.secret,
        currentPassword: "right-pass",
        code: "000000",
        sessionToken: "",
        now: t0,
      }),
    ).toEqual({ status: "invalid-code" });
    const enabled = await confirmTotpEnrolment(t.db, TEST_CONFIG, {
      userId: user.id,
      secret: setup.secret,
      currentPassword: "right-pass",
      code: totp(setup.secret, t0),
      sessionToken: "",
      now: t0,
    });
    if (enabled.status !== "enabled") throw new Error(enabled.status);
    expect(enabled.recoveryCodes).toHaveLength(10);
    const stored = await t.db
      .selectFrom("users")
      .select("recovery_codes")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(stored.recovery_codes).not.toContain(enabled.recoveryCodes[0]);

    const first = await signIn(t.db, TEST_CONFIG, {
      email: user.email,
      password: "right-pass",
      ip: "10.4.0.1",
    });
    if (first.status !== "second-factor") throw new Error(first.status);
    expect((await getSessionUser(t.db, first.token)).kind).toBe("pending-2fa");
    // The code used for enrolment cannot be replayed.
    expect(
      await verifySecondFactor(t.db, TEST_CONFIG, {
        pendingToken: first.token,
        code: totp(setup.secret, t0),
        now: new Date(t0),
      }),
    ).toEqual({ status: "invalid-code" });
    const t1 = t0 + 30_000;
    const ok = await verifySecondFactor(t.db, TEST_CONFIG, {
      pendingToken: first.token,
      code: totp(setup.secret, t1),
      now: new Date(t1),
    });
    if (ok.status !== "ok") throw new Error(ok.status);
    expect(ok.token).not.toBe(first.token);
    expect((await getSessionUser(t.db, ok.token, new Date(t1))).kind).toBe("signed-in");
    expect((await getSessionUser(t.db, first.token, new Date(t1))).kind).toBe("none");

    const second = await signIn(t.db, TEST_CONFIG, {
      email: user.email,
      password: "right-pass",
      ip: "10.4.0.1",
    });
    if (second.status !== "second-factor") throw new Error(second.status);
    const recovery = enabled.recoveryCodes[3]!;
    const viaRecovery = await verifySecondFactor(t.db, TEST_CONFIG, {
      pendingToken: second.token,
      code: recovery.toUpperCase(),
    });
    expect(viaRecovery).toMatchObject({ status: "ok", usedRecoveryCode: true });
    const third = await signIn(t.db, TEST_CONFIG, {
      email: user.email,
      password: "right-pass",
      ip: "10.4.0.1",
    });
    if (third.status !== "second-factor") throw new Error(third.status);
    expect(
      await verifySecondFactor(t.db, TEST_CONFIG, { pendingToken: third.token, code: recovery }),
    ).toEqual({ status: "invalid-code" });

    // Disabling needs a fresh code.
    expect(
      await disableTotp(t.db, TEST_CONFIG, { userId: user.id, code: "123456", now: t1 + 60_000 }),
    ).toEqual({ status: "invalid-code" });
    expect(
      await disableTotp(t.db, TEST_CONFIG, {
        userId: user.id,
        code: totp(setup.secret, t1 + 60_000),
        now: t1 + 60_000,
      }),
    ).toEqual({ status: "disabled" });
    expect(
      (await signIn(t.db, TEST_CONFIG, { email: user.email, password: "right-pass", ip: "10.4.0.1" })).status,
    ).toBe("ok");
  });

  it("turning two-factor on again does not complete a sign-in left at its code step", async () => {
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const user = await insertUser(t.db, {
      email: "twofa-again@example.test",
      password: "right-pass",
      totpSecret: secret,
    });
    // Someone with the password stops at the code step: a pending session.
    const stranger = await signIn(t.db, TEST_CONFIG, {
      email: user.email,
      password: "right-pass",
      ip: "10.5.0.1",
    });
    if (stranger.status !== "second-factor") throw new Error(stranger.status);
    // The owner, signed in with a code, turns two-factor off and on again within the 10 minutes.
    const owner = await signIn(t.db, TEST_CONFIG, {
      email: user.email,
      password: "right-pass",
      ip: "10.5.0.2",
    });
    if (owner.status !== "second-factor") throw new Error(owner.status);
    const t0 = Date.now();
    const verified = await verifySecondFactor(t.db, TEST_CONFIG, {
      pendingToken: owner.token,
      code: totp(secret, t0),
      now: new Date(t0),
    });
    if (verified.status !== "ok") throw new Error(verified.status);
    const t1 = t0 + 30_000;
    expect(
      await disableTotp(t.db, TEST_CONFIG, { userId: user.id, code: totp(secret, t1), now: t1 }),
    ).toEqual({ status: "disabled" });
    const setup = (await startTotpEnrolment(t.db, user.id))!;
    const t2 = t1 + 30_000;
    const enabled = await confirmTotpEnrolment(t.db, TEST_CONFIG, {
      userId: user.id,
      secret: setup.secret,
      currentPassword: "right-pass",
      code: totp(setup.secret, t2),
      sessionToken: verified.token,
      now: t2,
    });
    expect(enabled.status).toBe("enabled");
    expect((await getSessionUser(t.db, verified.token, new Date(t2))).kind).toBe("signed-in");
    // Turning two-factor on ends every other session, this one left at its code step too (decision 0262).
    expect((await getSessionUser(t.db, stranger.token, new Date(t2))).kind).toBe("none");
  });

  it("a pending sign-in allows 5 wrong codes, then is revoked", async () => {
    const user = await insertUser(t.db, {
      email: "twofa2@example.test",
      password: "right-pass",
      totpSecret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
    });
    const first = await signIn(t.db, TEST_CONFIG, {
      email: user.email,
      password: "right-pass",
      ip: "10.5.0.1",
    });
    if (first.status !== "second-factor") throw new Error(first.status);
    for (let i = 0; i < 5; i++)
      expect(
        (await verifySecondFactor(t.db, TEST_CONFIG, { pendingToken: first.token, code: "000000" })).status,
      ).toBe("invalid-code");
    expect(
      (
        await verifySecondFactor(t.db, TEST_CONFIG, {
          pendingToken: first.token,
          code: totp("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", Date.now()),
        })
      ).status,
    ).toBe("rate-limited");
    expect(
      (await verifySecondFactor(t.db, TEST_CONFIG, { pendingToken: first.token, code: "000000" })).status,
    ).toBe("expired");
  });
});

describe("sign-up and administrators", () => {
  it("sign-up creates an unconfirmed account with a confirmation e-mail; a second sign-up for the e-mail is refused", async () => {
    const r = await signUp(t.db, TEST_CONFIG, {
      email: "New@Example.test",
      password: "long-enough",
      ip: "10.6.0.1",
    });
    expect(r).toMatchObject({ status: "created", email: "new@example.test", needsConfirmation: true });
    if (r.status !== "created") throw new Error(r.status);
    // The caller (the claim wizard) learns which account it is; visitors are not told (decision 0410).
    expect(
      await signUp(t.db, TEST_CONFIG, { email: "new@example.test", password: "long-enough", ip: "10.6.0.1" }),
    ).toEqual({
      status: "exists",
      userId: r.userId,
      email: "new@example.test",
    });
    expect(
      await signUp(t.db, TEST_CONFIG, { email: "short@example.test", password: "12345", ip: "10.6.0.1" }),
    ).toEqual({ status: "weak-password" });
    const mails = await t.db
      .selectFrom("email_outbox")
      .select("template")
      .where("to_address", "=", "new@example.test")
      .execute();
    expect(mails).toEqual([{ template: "confirm_email" }]);
    const jobs = await t.db.selectFrom("jobs").select("type").where("type", "=", "email.send").execute();
    expect(jobs.length).toBeGreaterThan(0);
  });

  it("sign-ups are limited per IP", async () => {
    const results = [];
    for (let i = 0; i < 6; i++)
      results.push(
        (
          await signUp(t.db, TEST_CONFIG, {
            email: `many${i}@example.test`,
            password: "long-enough",
            ip: "10.7.0.1",
          })
        ).status,
      );
    expect(results).toEqual(["created", "created", "created", "created", "created", "rate-limited"]);
  });

  it("create-admin adds the e-mail to admin_emails (case-insensitive) and gives a 7-day invite link", async () => {
    const a = await createAdmin(t.db, TEST_CONFIG, { email: " Chief@Example.TEST " });
    expect(a.email).toBe("chief@example.test");
    expect(a.url).toMatch(/^http:\/\/localhost:9999\/auth\/invite\?token=[A-Za-z0-9_-]{43}$/);
    expect(a.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(await isAdmin(t.db, "CHIEF@example.test")).toBe(true);
    expect((await createAdmin(t.db, TEST_CONFIG, { email: "chief@example.test" })).wasAdmin).toBe(true);
    await expect(createAdmin(t.db, TEST_CONFIG, { email: "not-an-email" })).rejects.toThrow(/Not an e-mail/);
    // There is an admin now, so no demo admin is made.
    expect(await createDemoAdmin(t.db, TEST_CONFIG)).toBeNull();
  });
});
