/**
 * Decision 0262: a two-factor set-up is the one just started, it is turned on with the current
 * password, and it does not outlive a password change. Someone with a session for a moment could
 * otherwise start a set-up, copy its key and wait for the owner to confirm it (then hold valid
 * codes), or confirm a key of their own (and lock the owner out, a reset not turning it off).
 */
import { TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser, TEST_PASSWORD } from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { createSessionRow, resolveSession } from "~/platform/session.server";
import { changePassword } from "./change-password.server";
import { confirmTotpEnrolment, startTotpEnrolment } from "./enrol-totp.server";
import { checkPasswordLink, setPasswordWithToken } from "./set-password.server";
import { issueToken } from "./tokens.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

const code = (secret: string, at = Date.now()) =>
  new TOTP({ secret, algorithm: "SHA1", digits: 6, period: 30 }).generate({ timestamp: at });

const twoFactorOf = (userId: string) =>
  t.db
    .selectFrom("users")
    .select(["totp_secret", "totp_enabled_at"])
    .where("id", "=", userId)
    .executeTakeFirstOrThrow();

async function userWithSession(email: string) {
  const user = await insertUser(t.db, { email });
  const { token } = await createSessionRow(t.db, { userId: user.id, mfaVerified: true });
  return { ...user, token };
}

describe("starting a set-up", () => {
  it("gives a new key each time; an earlier key no longer turns two-factor on", async () => {
    const u = await userWithSession("twice@twofa.example");
    const first = (await startTotpEnrolment(t.db, u.id))!;
    const second = (await startTotpEnrolment(t.db, u.id))!;
    expect(second.secret).not.toBe(first.secret);
    expect(second.uri).toContain(`secret=${second.secret}`);
    expect((await twoFactorOf(u.id)).totp_secret).toBe(second.secret);
    // The owner scans the key someone else started (and copied) earlier: refused.
    expect(
      await confirmTotpEnrolment(t.db, TEST_CONFIG, {
        userId: u.id,
        secret: first.secret,
        code: code(first.secret),
        currentPassword: TEST_PASSWORD,
        sessionToken: u.token,
      }),
    ).toEqual({ status: "not-started" });
    expect((await twoFactorOf(u.id)).totp_enabled_at).toBeNull();
  });

  it("gives nothing once two-factor is on, and leaves its key alone", async () => {
    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const user = await insertUser(t.db, { email: "already@twofa.example", totpSecret: secret });
    expect(await startTotpEnrolment(t.db, user.id)).toBeNull();
    expect((await twoFactorOf(user.id)).totp_secret).toBe(secret);
  });
});

describe("turning it on", () => {
  it("needs the current password: a session and a code are not enough", async () => {
    const u = await userWithSession("nopassword@twofa.example");
    const setup = (await startTotpEnrolment(t.db, u.id))!;
    const confirm = (currentPassword: string) =>
      confirmTotpEnrolment(t.db, TEST_CONFIG, {
        userId: u.id,
        secret: setup.secret,
        code: code(setup.secret),
        currentPassword,
        sessionToken: u.token,
      });
    expect(await confirm("")).toEqual({ status: "wrong-password" });
    expect(await confirm("not-the-password")).toEqual({ status: "wrong-password" });
    expect((await twoFactorOf(u.id)).totp_enabled_at).toBeNull();
    // Wrong passwords count against the account's limit, as on the password form (decision 0409).
    for (let i = 0; i < 3; i++) await confirm(`wrong-${i}`);
    expect(await confirm("wrong-again")).toMatchObject({ status: "rate-limited" });
    expect(await confirm(TEST_PASSWORD)).toMatchObject({ status: "rate-limited" });
    expect((await twoFactorOf(u.id)).totp_enabled_at).toBeNull();
  });

  it("with the password and a code: on, and every other session of the user ends", async () => {
    const u = await userWithSession("on@twofa.example");
    const other = await createSessionRow(t.db, { userId: u.id, mfaVerified: true });
    const setup = (await startTotpEnrolment(t.db, u.id))!;
    const input = {
      userId: u.id,
      secret: setup.secret,
      currentPassword: TEST_PASSWORD,
      sessionToken: u.token,
    };
    expect(await confirmTotpEnrolment(t.db, TEST_CONFIG, { ...input, code: "000000" })).toEqual({
      status: "invalid-code",
    });
    const on = await confirmTotpEnrolment(t.db, TEST_CONFIG, { ...input, code: code(setup.secret) });
    expect(on).toMatchObject({ status: "enabled" });
    expect((await twoFactorOf(u.id)).totp_enabled_at).not.toBeNull();
    expect(await resolveSession(t.db, u.token)).toMatchObject({ userId: u.id, mfaVerified: true });
    expect(await resolveSession(t.db, other.token)).toBeNull();
  });
});

describe("a password change drops a set-up not yet confirmed", () => {
  it("on the account page: the pending key is gone, and reset and invitation links sent before stop working", async () => {
    const u = await userWithSession("change@twofa.example");
    const setup = (await startTotpEnrolment(t.db, u.id))!;
    const reset = await issueToken(t.db, { userId: u.id, email: u.email, purpose: "reset_password" });
    const invite = await issueToken(t.db, { userId: u.id, email: u.email, purpose: "invite" });
    expect(
      await changePassword(t.db, TEST_CONFIG, {
        userId: u.id,
        currentPassword: TEST_PASSWORD,
        newPassword: "a-new-password",
        sessionToken: u.token,
      }),
    ).toMatchObject({ status: "ok" });
    expect((await twoFactorOf(u.id)).totp_secret).toBeNull();
    expect(await checkPasswordLink(t.db, reset.token, ["reset_password"])).toBeNull();
    expect(await checkPasswordLink(t.db, invite.token, ["invite"])).toBeNull();
    expect(
      await confirmTotpEnrolment(t.db, TEST_CONFIG, {
        userId: u.id,
        secret: setup.secret,
        code: code(setup.secret),
        currentPassword: "a-new-password",
        sessionToken: u.token,
      }),
    ).toEqual({ status: "not-started" });
  });

  it("from a reset link too; two-factor that is on stays on", async () => {
    const pending = await insertUser(t.db, { email: "reset@twofa.example" });
    await startTotpEnrolment(t.db, pending.id);
    const link = await issueToken(t.db, {
      userId: pending.id,
      email: pending.email,
      purpose: "reset_password",
    });
    expect(
      await setPasswordWithToken(t.db, TEST_CONFIG, {
        token: link.token,
        purposes: ["reset_password"],
        password: "a-new-password",
      }),
    ).toMatchObject({ status: "ok" });
    expect((await twoFactorOf(pending.id)).totp_secret).toBeNull();

    const secret = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const on = await insertUser(t.db, { email: "reset-on@twofa.example", totpSecret: secret });
    const onLink = await issueToken(t.db, { userId: on.id, email: on.email, purpose: "reset_password" });
    await setPasswordWithToken(t.db, TEST_CONFIG, {
      token: onLink.token,
      purposes: ["reset_password"],
      password: "a-new-password",
    });
    expect(await twoFactorOf(on.id)).toMatchObject({
      totp_secret: secret,
      totp_enabled_at: expect.any(Date),
    });
  });
});
