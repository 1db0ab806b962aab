import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "#tests/support/builders";
import { TEST_CONFIG } from "#tests/support/test-config";
import { createTestDatabase, type TestDatabase } from "#tests/support/test-database";
import { changePassword } from "~/modules/accounts/change-password.server";
import { getSessionUser } from "~/modules/accounts/get-session-user.server";
import { setPasswordWithToken } from "~/modules/accounts/set-password.server";
import { signOut } from "~/modules/accounts/sign-out.server";
import { issueToken } from "~/modules/accounts/tokens.server";
import { clearSessionCookie, readSessionToken, serializeSessionCookie } from "~/web/session-cookie.server";
import {
  createSessionRow,
  hashToken,
  resolveSession,
  SESSION_MAX_LIFETIME_MS,
  SESSION_TTL_MS,
} from "./session.server";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.destroy());

const DAY = 86_400_000;
const cookieConfig = { sessionSecret: "x".repeat(40), isProduction: true };

describe("session cookie", () => {
  it("is signed, httpOnly, SameSite=Lax, Secure and __Host- in production, 30 days, and holds only the token", async () => {
    const header = await serializeSessionCookie(cookieConfig, "a".repeat(43));
    expect(header).toMatch(/^__Host-session=/);
    expect(header).toContain("Path=/");
    expect(header).not.toMatch(/Domain=/i);
    expect(header).toContain("HttpOnly");
    expect(header).toContain("SameSite=Lax");
    expect(header).toContain("Secure");
    expect(header).toContain(`Max-Age=${SESSION_TTL_MS / 1000}`);
    const request = new Request("http://x/", { headers: { Cookie: header.split(";")[0]! } });
    expect(await readSessionToken(request, cookieConfig)).toEqual({ token: "a".repeat(43), present: true });
    const dev = await serializeSessionCookie({ ...cookieConfig, isProduction: false }, "a".repeat(43));
    expect(dev).not.toContain("Secure");
    expect(dev).toMatch(/^__session=/);
    // A __session cookie (set over plain HTTP) is not read by an HTTPS site, and the reverse.
    expect(
      (
        await readSessionToken(
          new Request("http://x/", { headers: { Cookie: dev.split(";")[0]! } }),
          cookieConfig,
        )
      ).present,
    ).toBe(false);
    const https = await serializeSessionCookie(
      { ...cookieConfig, isProduction: false, publicUrl: "https://demo.example" },
      "a".repeat(43),
    );
    expect(https).toContain("Secure");
    expect(https).toMatch(/^__Host-session=/);
  });

  it("a tampered or foreign-signed cookie reads as no token (present, so it gets cleared)", async () => {
    const header = (await serializeSessionCookie(cookieConfig, "a".repeat(43))).split(";")[0]!;
    const tampered = header.replace("YWFh", "YmFh");
    expect(tampered).not.toBe(header);
    expect(
      await readSessionToken(new Request("http://x/", { headers: { Cookie: tampered } }), cookieConfig),
    ).toEqual({ token: null, present: true });
    const other = (
      await serializeSessionCookie({ ...cookieConfig, sessionSecret: "y".repeat(40) }, "a".repeat(43))
    ).split(";")[0]!;
    expect(
      (await readSessionToken(new Request("http://x/", { headers: { Cookie: other } }), cookieConfig)).token,
    ).toBeNull();
    expect(await clearSessionCookie(cookieConfig)).toContain("Max-Age=0");
  });
});

describe("sessions", () => {
  it("roll forward: an active session never reaches its first expiry, an idle one expires after 30 days", async () => {
    const user = await insertUser(t.db, { email: "rolling@example.test" });
    const start = new Date("2026-01-01T00:00:00Z");
    const { token } = await createSessionRow(t.db, { userId: user.id, mfaVerified: true, now: start });
    // Used every 20 days: still valid at day 60.
    for (const day of [20, 40, 60]) {
      const s = await resolveSession(t.db, token, new Date(start.getTime() + day * DAY));
      expect(s, `day ${day}`).not.toBeNull();
      expect(s!.rolled).toBe(true);
      expect(s!.expiresAt.getTime()).toBe(start.getTime() + (day + 30) * DAY);
    }
    // Then idle for 31 days: gone.
    expect(await resolveSession(t.db, token, new Date(start.getTime() + 91 * DAY))).toBeNull();
  });

  it("end 90 days after the sign-in however often they are used; the rolling expiry never passes that", async () => {
    expect(SESSION_MAX_LIFETIME_MS).toBe(90 * DAY);
    const user = await insertUser(t.db, { email: "lifetime@example.test" });
    const start = new Date("2026-03-01T00:00:00Z");
    const { token } = await createSessionRow(t.db, { userId: user.id, mfaVerified: true, now: start });
    const end = start.getTime() + 90 * DAY;
    const stored = () =>
      t.db
        .selectFrom("sessions")
        .select(["expires_at", "last_seen_at"])
        .where("id", "=", hashToken(token))
        .executeTakeFirstOrThrow();
    // Used every 10 days: the expiry rolls 30 days ahead until it reaches the end of the lifetime.
    for (let day = 10; day < 90; day += 10) {
      const s = await resolveSession(t.db, token, new Date(start.getTime() + day * DAY));
      expect(s, `day ${day}`).not.toBeNull();
      expect(s!.expiresAt.getTime()).toBe(Math.min(start.getTime() + (day + 30) * DAY, end));
      // The cookie is sent again only when the expiry moved (day 60 is the last time).
      expect(s!.rolled, `day ${day}`).toBe(day <= 60);
      // The last use is still written (the admin's provider page shows it), once an hour at most.
      expect(await stored()).toEqual({
        expires_at: s!.expiresAt,
        last_seen_at: new Date(start.getTime() + day * DAY),
      });
    }
    // The person is told the truth as the guards see it: signed in until the end, not past it.
    const lastDay = new Date(end - 60_000);
    expect(await getSessionUser(t.db, token, lastDay)).toMatchObject({
      kind: "signed-in",
      expiresAt: new Date(end),
    });
    expect(await resolveSession(t.db, token, new Date(end))).toBeNull();
    expect((await getSessionUser(t.db, token, new Date(end + DAY))).kind).toBe("none");
  });

  it("end at the lifetime even when the stored expiry is later (rolled before this rule, or by an older instance)", async () => {
    const user = await insertUser(t.db, { email: "lifetime-old-row@example.test" });
    const start = new Date("2026-03-01T00:00:00Z");
    const { token } = await createSessionRow(t.db, { userId: user.id, mfaVerified: true, now: start });
    await t.db
      .updateTable("sessions")
      .set({
        expires_at: new Date(start.getTime() + 120 * DAY),
        last_seen_at: new Date(start.getTime() + 89 * DAY),
      })
      .where("id", "=", hashToken(token))
      .execute();
    expect(await resolveSession(t.db, token, new Date(start.getTime() + 89 * DAY))).not.toBeNull();
    expect(await resolveSession(t.db, token, new Date(start.getTime() + 90 * DAY + 1000))).toBeNull();
    expect((await getSessionUser(t.db, token, new Date(start.getTime() + 100 * DAY))).kind).toBe("none");
  });

  it("do not write on every request (rolled at most hourly)", async () => {
    const user = await insertUser(t.db, { email: "norewrite@example.test" });
    const now = new Date();
    const { token } = await createSessionRow(t.db, { userId: user.id, mfaVerified: true, now });
    expect((await resolveSession(t.db, token, new Date(now.getTime() + 60_000)))!.rolled).toBe(false);
  });

  it("can be revoked; signing out twice is harmless", async () => {
    const user = await insertUser(t.db, { email: "revoke@example.test" });
    const { token } = await createSessionRow(t.db, { userId: user.id, mfaVerified: true });
    expect((await getSessionUser(t.db, token)).kind).toBe("signed-in");
    await signOut(t.db, token);
    await signOut(t.db, token);
    await signOut(t.db, null);
    expect((await getSessionUser(t.db, token)).kind).toBe("none");
  });

  it("a session whose second factor is still due is not signed in", async () => {
    const user = await insertUser(t.db, { email: "pending@example.test", totpSecret: "JBSWY3DPEHPK3PXP" });
    const { token } = await createSessionRow(t.db, { userId: user.id, mfaVerified: false, pending: true });
    expect(await getSessionUser(t.db, token)).toMatchObject({ kind: "pending-2fa", email: user.email });
  });

  it("admin status comes from admin_emails, case-insensitively, on every lookup", async () => {
    const user = await insertUser(t.db, { email: "boss@example.test" });
    const { token } = await createSessionRow(t.db, { userId: user.id, mfaVerified: true });
    const lookup = async () => {
      const r = await getSessionUser(t.db, token);
      return r.kind === "signed-in" ? r.user.isAdmin : null;
    };
    expect(await lookup()).toBe(false);
    await t.db.insertInto("admin_emails").values({ email: "boss@example.test" }).execute();
    expect(await lookup()).toBe(true);
    await t.db.deleteFrom("admin_emails").execute();
    expect(await lookup()).toBe(false);
    // A mixed-case e-mail stored in the users table (written around the app) still matches.
    await t.pool.query("ALTER TABLE users DROP CONSTRAINT users_email_check");
    await t.db.updateTable("users").set({ email: "Boss@Example.Test" }).where("id", "=", user.id).execute();
    await t.db.insertInto("admin_emails").values({ email: "boss@example.test" }).execute();
    expect(await lookup()).toBe(true);
  });

  it("a password change signs out the user's other sessions but keeps this one", async () => {
    const user = await insertUser(t.db, { email: "changer@example.test", password: "old-password" });
    const mine = await createSessionRow(t.db, { userId: user.id, mfaVerified: true });
    const other = await createSessionRow(t.db, { userId: user.id, mfaVerified: true });
    const bystander = await insertUser(t.db, { email: "bystander@example.test" });
    const theirs = await createSessionRow(t.db, { userId: bystander.id, mfaVerified: true });
    expect(
      await changePassword(t.db, TEST_CONFIG, {
        userId: user.id,
        currentPassword: "wrong",
        newPassword: "new-password",
        sessionToken: mine.token,
      }),
    ).toEqual({ status: "wrong-password" });
    expect((await getSessionUser(t.db, other.token)).kind).toBe("signed-in");
    const r = await changePassword(t.db, TEST_CONFIG, {
      userId: user.id,
      currentPassword: "old-password",
      newPassword: "new-password",
      sessionToken: mine.token,
    });
    expect(r).toEqual({ status: "ok", signedOutOthers: 1 });
    expect((await getSessionUser(t.db, mine.token)).kind).toBe("signed-in");
    expect((await getSessionUser(t.db, other.token)).kind).toBe("none");
    expect((await getSessionUser(t.db, theirs.token)).kind).toBe("signed-in");
    const mail = await t.db
      .selectFrom("email_outbox")
      .select(["to_address", "template"])
      .where("to_address", "=", user.email)
      .execute();
    expect(mail).toEqual([{ to_address: user.email, template: "password_changed" }]);
  });

  it("setting a password from a reset link signs out every session and uses the link up", async () => {
    const user = await insertUser(t.db, {
      email: "resetter@example.test",
      password: "old-password",
      confirmed: false,
    });
    const a = await createSessionRow(t.db, { userId: user.id, mfaVerified: true });
    const { token } = await issueToken(t.db, {
      userId: user.id,
      email: user.email,
      purpose: "reset_password",
    });
    expect(
      await setPasswordWithToken(t.db, TEST_CONFIG, { token, purposes: ["invite"], password: "brand-new" }),
    ).toEqual({ status: "invalid-link" });
    expect(
      await setPasswordWithToken(t.db, TEST_CONFIG, {
        token,
        purposes: ["reset_password"],
        password: "brand-new",
      }),
    ).toEqual({
      status: "ok",
      email: user.email,
    });
    expect((await getSessionUser(t.db, a.token)).kind).toBe("none");
    expect(
      await setPasswordWithToken(t.db, TEST_CONFIG, {
        token,
        purposes: ["reset_password"],
        password: "again-new",
      }),
    ).toEqual({ status: "invalid-link" });
    const row = await t.db
      .selectFrom("users")
      .select("email_confirmed_at")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.email_confirmed_at).not.toBeNull();
  });
});
